export * from './http.ts';
export * from './queue.ts';
export * from './analytics.ts';
