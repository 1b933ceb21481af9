export * from './core/compile.ts';
export * from './core/context.ts';
export { type DefinedGuardrail, defineGuardrail, effectiveAction } from './core/define.ts';
export * from './core/executor.ts';
export * from './core/preview.ts';
export { createRegistry, type Registry } from './core/registry.ts';
export * from './core/types.ts';
export * from './profiles/builtins.ts';
export { defaultRegistry } from './registry.ts';
