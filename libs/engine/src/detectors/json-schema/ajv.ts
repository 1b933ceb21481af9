import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { RE2JS } from 're2js';

/**
 * JSON Schema `pattern` / `patternProperties` run in re2js (linear time) instead of the
 * backtracking JavaScript engine, because schemas come from users.
 */
const re2Engine = Object.assign(
  (pattern: string, _flags: string) => {
    const re = RE2JS.compile(pattern);
    // ajv caches compiled patterns by `toString()`, so it must identify the pattern.
    return { test: (s: string) => re.test(s), toString: () => `re2:${pattern}` };
  },
  { code: 're2js' },
);

/** One shared draft 2020-12 validator factory (non-strict: unknown keywords and formats are ignored). */
const ajv = new Ajv2020({
  allErrors: true,
  strict: false,
  logger: false,
  validateFormats: false,
  code: { regExp: re2Engine },
});

export type SchemaCompileResult = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

/** Compiles a JSON Schema, never throwing: an invalid schema (or pattern) becomes an error message. */
export function compileJsonSchema(schema: unknown): SchemaCompileResult {
  if (
    typeof schema !== 'boolean' &&
    (typeof schema !== 'object' || schema === null || Array.isArray(schema))
  ) {
    return { ok: false, error: 'a JSON Schema must be an object or a boolean' };
  }
  try {
    return { ok: true, validate: ajv.compile(schema as object) };
  } catch (err) {
    return { ok: false, error: `invalid JSON Schema: ${(err as Error).message}` };
  }
}

export interface SchemaError {
  path: string;
  keyword: string;
  message: string;
}

export function schemaErrors(validate: ValidateFunction, max = 20): SchemaError[] {
  return (validate.errors ?? []).slice(0, max).map((e) => ({
    path: e.instancePath || '/',
    keyword: e.keyword,
    message: e.message ?? 'is invalid',
  }));
}
