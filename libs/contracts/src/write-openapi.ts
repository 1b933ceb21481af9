/** npm run docs:openapi — writes the committed snapshot docs/openapi.json (a test fails when it drifts). */
import { writeFileSync } from 'node:fs';
import { buildOpenApi } from './openapi.ts';
import { API_VERSION } from './version.ts';

const target = new URL('../../../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApi(API_VERSION), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
