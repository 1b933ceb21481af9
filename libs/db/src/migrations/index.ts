import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_batches.ts';
import * as m0003 from './0003_webhook_secrets.ts';

/**
 * Every migration, listed statically: a file-system glob would depend on how the code is loaded
 * (type stripping, bundling) and silently run nothing. Append new ones; never rename or edit a
 * migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_batches': m0002,
  '0003_webhook_secrets': m0003,
};
