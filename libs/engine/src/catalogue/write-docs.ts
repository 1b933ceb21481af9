/** Writes docs/guardrails.md from the registry: `npm run docs:guardrails`. */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Registry } from '../core/registry.ts';
import { defaultRegistry } from '../registry.ts';
import { renderGuardrailDocs } from './render.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DOCS_PATH = join(ROOT, 'docs/guardrails.md');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/**
 * The docs exactly as committed: rendered, then formatted by the repository's Biome (which formats
 * Markdown), so `biome check .` stays clean and the drift test compares like with like.
 */
export function guardrailDocs(registry: Registry = defaultRegistry): string {
  const md = renderGuardrailDocs(registry);
  if (!existsSync(BIOME)) return md;
  return execFileSync(BIOME, ['format', '--stdin-file-path=docs/guardrails.md'], {
    input: md,
    encoding: 'utf8',
    cwd: ROOT,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOCS_PATH, guardrailDocs());
  console.log(`wrote ${DOCS_PATH} (${defaultRegistry.list().length} guardrails)`);
}
