import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';
import { compileGlob, compileGlobs } from '../../detectors/glob/glob.ts';
import { compileJsonSchema, schemaErrors } from '../../detectors/json-schema/ajv.ts';
import { resolveToolCall } from '../../detectors/tool-call/resolve.ts';

const globList = (what: string) => z.array(z.string().min(1).max(200)).max(500).default([]).describe(what);

export const toolAccess = defineGuardrail({
  name: 'ToolAccess',
  stages: ['tool'],
  category: 'tool',
  description:
    'Allows or denies tool calls by name (allow and deny lists with `*`/`?` globs; deny wins) and validates the arguments of listed tools against JSON Schemas (draft 2020-12, compiled when the profile is saved).',
  defaultSeverity: 'high',
  config: {
    allowedTools: globList('Tools that may be called; empty allows every tool not denied.'),
    deniedTools: globList('Tools that may never be called (takes precedence over allowedTools).'),
    argumentSchemas: z
      .record(z.string().min(1).max(200), z.unknown())
      .default({})
      .superRefine((schemas, ctx) => {
        for (const [tool, schema] of Object.entries(schemas)) {
          const compiled = compileJsonSchema(schema);
          if (!compiled.ok) ctx.addIssue({ code: 'custom', path: [tool], message: compiled.error });
        }
      })
      .describe('Tool name (or glob) → JSON Schema (draft 2020-12) its `arguments` object must satisfy.'),
    onMissing: onMissingSchema,
  },
  example: {
    allowedTools: ['search', 'calculator', 'read_*'],
    deniedTools: ['read_secrets'],
    argumentSchemas: {
      search: {
        type: 'object',
        properties: { query: { type: 'string', maxLength: 500 } },
        required: ['query'],
        additionalProperties: false,
      },
    },
  },
  create(config) {
    const allowed = config.allowedTools.length ? compileGlobs(config.allowedTools) : undefined;
    const denied = compileGlobs(config.deniedTools);
    const validators = Object.entries(config.argumentSchemas).map(([tool, schema]) => {
      const compiled = compileJsonSchema(schema);
      if (!compiled.ok) throw new Error(compiled.error); // unreachable: rejected when saved
      return { tool, match: compileGlob(tool), validate: compiled.validate };
    });
    return (input) => {
      const call = resolveToolCall(input);
      if (!call) return missingFacts(config.onMissing, 'toolCall');
      if (denied(call.name)) {
        return {
          passed: false,
          message: `Tool "${call.name}" is denied`,
          details: { tool: call.name, reason: 'denied' },
        };
      }
      if (allowed && !allowed(call.name)) {
        return {
          passed: false,
          message: `Tool "${call.name}" is not in the allow-list`,
          details: { tool: call.name, reason: 'not_allowed' },
        };
      }
      for (const v of validators) {
        if (!v.match(call.name)) continue;
        if (!v.validate(call.arguments)) {
          const errors = schemaErrors(v.validate);
          return {
            passed: false,
            message: `Arguments of "${call.name}" do not satisfy its schema: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
            details: { tool: call.name, reason: 'invalid_arguments', schemaErrors: errors },
          };
        }
      }
      return { passed: true, message: `Tool "${call.name}" is allowed` };
    };
  },
});
