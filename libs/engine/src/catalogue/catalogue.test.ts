import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../detectors/json-schema/ajv.ts';
import { defaultRegistry } from '../registry.ts';
import { describeCatalogue } from './catalogue.ts';
import { renderGuardrailDocs } from './render.ts';
import { DOCS_PATH, guardrailDocs } from './write-docs.ts';

const catalogue = describeCatalogue(defaultRegistry);

describe('describeCatalogue', () => {
  it('describes every registered guardrail once', () => {
    expect(catalogue.map((e) => e.name).sort()).toEqual(
      defaultRegistry
        .list()
        .map((d) => d.name)
        .sort(),
    );
  });
  it('gives each a valid JSON Schema, defaults and an example that its schema accepts', () => {
    for (const e of catalogue) {
      const def = defaultRegistry.get(e.name);
      expect(def, e.name).toBeDefined();
      expect(e.description.length, e.name).toBeGreaterThan(30);
      expect(e.stages.length, e.name).toBeGreaterThan(0);
      const schema = compileJsonSchema(e.configSchema);
      expect(schema.ok, `${e.name}: ${schema.ok ? '' : schema.error}`).toBe(true);
      expect(e.configSchema.additionalProperties, e.name).toBe(false);
      expect(def?.configSchema.safeParse(e.example).success, `${e.name} example`).toBe(true);
      expect(e.defaults.severity, e.name).toBe(def?.defaultSeverity);
      if (schema.ok) expect(schema.validate(e.example), `${e.name} example vs JSON Schema`).toBe(true);
    }
  });
  it('reports defaults even for a guardrail with a required key', () => {
    const regex = catalogue.find((e) => e.name === 'RegexFilter');
    expect(regex?.defaults).toMatchObject({ severity: 'high', failOpen: false });
    expect(regex?.configSchema.required).toContain('rules');
  });
});

describe('docs/guardrails.md', () => {
  it('is up to date with the registry (run `npm run docs:guardrails`)', () => {
    expect(existsSync(DOCS_PATH)).toBe(true);
    expect(readFileSync(DOCS_PATH, 'utf8')).toBe(guardrailDocs(defaultRegistry));
  });
  it('has a section per guardrail and links the family pages', () => {
    const md = renderGuardrailDocs(defaultRegistry);
    for (const e of catalogue) expect(md).toContain(`### ${e.name}\n`);
    expect(md).toContain('](guardrails/secrets.md)');
  });
});
