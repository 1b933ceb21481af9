import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED, generateTypes } from './generate-types.ts';

describe('generated SDK types', () => {
  it('src/generated/openapi.ts is what docs/openapi.json generates (run `npm run generate -w @parapet/sdk`)', async () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(await generateTypes());
  }, 60_000);
});
