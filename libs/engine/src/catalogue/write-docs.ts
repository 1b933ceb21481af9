/** Writes docs/guardrails.md from the registry: `npm run docs:guardrails`. */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRegistry } from '../registry.ts';
import { renderGuardrailDocs } from './render.ts';

export const DOCS_PATH = join(dirname(fileURLToPath(import.meta.url)), '../../../../docs/guardrails.md');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOCS_PATH, renderGuardrailDocs(defaultRegistry));
  console.log(`wrote ${DOCS_PATH} (${defaultRegistry.list().length} guardrails)`);
}
