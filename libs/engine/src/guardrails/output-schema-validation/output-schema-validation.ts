import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { compileJsonSchema, schemaErrors } from '../../detectors/json-schema/ajv.ts';

export const FENCE = /^\s{0,3}```[a-z]{0,10}\n([\s\S]*?)\n\s{0,3}```\s*$/i;

export const outputSchemaValidation = defineGuardrail({
  name: 'OutputSchemaValidation',
  stages: ['output'],
  category: 'output-safety',
  description:
    'Parses the output as JSON (optionally inside a ```json fence) and validates it against a JSON Schema (full draft 2020-12, compiled when the profile is saved so an invalid schema is rejected). Reports each schema error with its path.',
  defaultSeverity: 'high',
  config: {
    schema: z
      .union([z.boolean(), z.record(z.string(), z.unknown())])
      .default(true)
      .superRefine((schema, ctx) => {
        const c = compileJsonSchema(schema);
        if (!c.ok) ctx.addIssue({ code: 'custom', message: c.error });
      })
      .describe('JSON Schema (draft 2020-12) the output must satisfy; `true` only requires valid JSON.'),
    allowCodeFence: z
      .boolean()
      .default(true)
      .describe('Accept JSON wrapped in a single Markdown code fence.'),
    allowNonJson: z
      .boolean()
      .default(false)
      .describe('Pass output that is not JSON at all (validate only what parses).'),
  },
  example: {
    schema: {
      type: 'object',
      properties: { answer: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
      required: ['answer'],
      additionalProperties: false,
    },
  },
  create(config) {
    const compiled = compileJsonSchema(config.schema);
    if (!compiled.ok) throw new Error(compiled.error); // unreachable: rejected when saved
    const validate = compiled.validate;
    return ({ text }) => {
      let body = text;
      if (config.allowCodeFence && text.includes('```')) body = FENCE.exec(text)?.[1] ?? text;
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch (err) {
        if (config.allowNonJson) return { passed: true, message: 'Output is not JSON (allowed)' };
        return {
          passed: false,
          message: `Output is not valid JSON: ${(err as Error).message}`,
          details: { reason: 'invalid_json' },
        };
      }
      if (!validate(value)) {
        const errors = schemaErrors(validate);
        return {
          passed: false,
          message: `Output does not satisfy the schema: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
          details: { reason: 'schema', schemaErrors: errors },
        };
      }
      return { passed: true, message: 'Output is valid JSON and satisfies the schema' };
    };
  },
});
