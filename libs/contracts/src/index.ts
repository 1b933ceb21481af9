export * from './analytics.ts';
export * from './http.ts';
export * from './queue.ts';
