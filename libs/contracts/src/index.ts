export * from './admin.ts';
export * from './analytics.ts';
export * from './batches.ts';
export * from './http.ts';
export * from './openapi.ts';
export * from './queue.ts';
export * from './version.ts';
