import type { DefinedGuardrail } from '../../core/define.ts';
import { apiRateLimit } from '../api-rate-limit/api-rate-limit.ts';
import { destructiveToolCall } from '../destructive-tool-call/destructive-tool-call.ts';
import { fileWriteRestriction } from '../file-write-restriction/file-write-restriction.ts';
import { iamPermission } from '../iam-permission/iam-permission.ts';
import { toolAccess } from '../tool-access/tool-access.ts';

export const toolGuardrails: DefinedGuardrail[] = [
  toolAccess,
  iamPermission,
  destructiveToolCall,
  fileWriteRestriction,
  apiRateLimit,
];
