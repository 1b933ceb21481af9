import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { missingFacts, onMissingSchema } from '../../detectors/context/missing.ts';
import { compileGlob, isGlob } from '../../detectors/glob/glob.ts';
import { resolveToolCall } from '../../detectors/tool-call/resolve.ts';

export const iamPermission = defineGuardrail({
  name: 'IAMPermission',
  stages: ['tool'],
  category: 'tool',
  description:
    'Maps each tool (name or glob) to the permissions it requires and fails when `context.agent.permissions` lacks one. Wildcard grants (`*`, `s3:*`) count only with `allowWildcards`; otherwise an agent holding one fails as over-privileged.',
  defaultSeverity: 'high',
  config: {
    toolPermissions: z
      .record(z.string().min(1).max(200), z.array(z.string().min(1).max(200)).max(50))
      .default({})
      .describe(
        'Tool name (or glob) → permissions it requires, e.g. {"s3_upload": ["s3:PutObject"]}. All matching entries apply.',
      ),
    allowWildcards: z
      .boolean()
      .default(false)
      .describe(
        'Let wildcard grants such as `*` or `s3:*` satisfy requirements. When false, an agent holding any wildcard grant fails.',
      ),
    unmappedTools: z
      .enum(['allow', 'deny'])
      .default('allow')
      .describe('What to do with a tool that has no entry in `toolPermissions`.'),
    onMissing: onMissingSchema,
  },
  example: {
    toolPermissions: { s3_upload: ['s3:PutObject'], 'db_*': ['db:read'], db_write: ['db:write'] },
    allowWildcards: false,
    unmappedTools: 'deny',
  },
  create(config) {
    const entries = Object.entries(config.toolPermissions).map(([tool, perms]) => ({
      match: compileGlob(tool),
      perms,
    }));
    return (input) => {
      const call = resolveToolCall(input);
      if (!call) return missingFacts(config.onMissing, 'toolCall');
      const required = [...new Set(entries.filter((e) => e.match(call.name)).flatMap((e) => e.perms))];
      const mapped = entries.some((e) => e.match(call.name));
      if (!mapped && config.unmappedTools === 'deny') {
        return {
          passed: false,
          message: `Tool "${call.name}" has no permission mapping`,
          details: { tool: call.name },
        };
      }
      const held = input.context.agent?.permissions;
      if (required.length === 0)
        return { passed: true, message: `Tool "${call.name}" requires no permission` };
      if (!held) return missingFacts(config.onMissing, 'agent.permissions');
      const wildcards = held.filter(isGlob);
      if (wildcards.length > 0 && !config.allowWildcards) {
        return {
          passed: false,
          message: `Agent holds wildcard permission(s) ${wildcards.join(', ')}, which this profile does not allow`,
          details: { wildcardPermissions: wildcards },
        };
      }
      const exact = new Set(held.filter((p) => !isGlob(p)).map((p) => p.toLowerCase()));
      const grants = wildcards.map((w) => compileGlob(w));
      const missingPermissions = required.filter(
        (p) => !exact.has(p.toLowerCase()) && !grants.some((g) => g(p)),
      );
      if (missingPermissions.length > 0) {
        return {
          passed: false,
          message: `Agent lacks permission(s) for "${call.name}": ${missingPermissions.join(', ')}`,
          details: { tool: call.name, missingPermissions },
        };
      }
      return { passed: true, message: `Agent holds every permission "${call.name}" requires` };
    };
  },
});
