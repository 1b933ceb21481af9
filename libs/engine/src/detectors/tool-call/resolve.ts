import type { CheckInput, ToolCall } from '../../core/types.ts';

/**
 * The tool call a check should judge: `toolCall` from the request, else `context.toolCall`, else
 * the text itself when it is a JSON object `{name, arguments}` (validationType "tool").
 */
export function resolveToolCall(
  input: Pick<CheckInput, 'toolCall' | 'context' | 'text'>,
): ToolCall | undefined {
  if (input.toolCall) return input.toolCall;
  if (input.context.toolCall) return input.context.toolCall;
  const t = input.text.trim();
  if (!t.startsWith('{') || t.length > 1_000_000) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    if (v && typeof v === 'object' && typeof (v as ToolCall).name === 'string') {
      const args = (v as ToolCall).arguments;
      return {
        name: (v as ToolCall).name,
        arguments: args && typeof args === 'object' && !Array.isArray(args) ? args : {},
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export interface StringLeaf {
  /** JSON-pointer-like path of the value, e.g. `/command` or `/files/0/path`. */
  path: string;
  /** The last key on the path (the argument name), lower-cased; '' for array items at the root. */
  key: string;
  value: string;
}

/**
 * Every string in the arguments (keys included as `key` of their value), walked depth-first with
 * bounds on depth, number of nodes and total characters so a hostile payload cannot stall a check.
 */
export function stringLeaves(
  args: unknown,
  limits: { maxDepth?: number; maxNodes?: number; maxChars?: number } = {},
): StringLeaf[] & { truncated?: boolean } {
  const maxDepth = limits.maxDepth ?? 12;
  const maxNodes = limits.maxNodes ?? 5_000;
  let charsLeft = limits.maxChars ?? 1_000_000;
  let nodes = 0;
  const out: StringLeaf[] & { truncated?: boolean } = [];
  const walk = (v: unknown, path: string, key: string, depth: number): void => {
    if (nodes++ >= maxNodes || depth > maxDepth || charsLeft <= 0) {
      out.truncated = true;
      return;
    }
    if (typeof v === 'string') {
      if (v.length > charsLeft) out.truncated = true;
      const value = v.length > charsLeft ? v.slice(0, charsLeft) : v;
      charsLeft -= value.length;
      out.push({ path: path || '/', key, value });
    } else if (typeof v === 'number' || typeof v === 'boolean') {
      out.push({ path: path || '/', key, value: String(v) });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        walk(item, `${path}/${i}`, key, depth + 1);
      });
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) walk(item, `${path}/${k}`, k.toLowerCase(), depth + 1);
    }
  };
  walk(args, '', '', 0);
  return out;
}

/** Offsets of `snippet` in the checked text when it appears there, else an empty span at 0. */
export function locate(text: string, snippet: string): { start: number; end: number } {
  const i = snippet ? text.indexOf(snippet) : -1;
  return i >= 0 ? { start: i, end: i + snippet.length } : { start: 0, end: 0 };
}
