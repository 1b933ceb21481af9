import { type Db, listUsersWithOutdatedBuiltIns } from '@parapet/db';
import { BUILTIN_DEFINITIONS_VERSION } from '@parapet/engine';
import { enqueueProvisioningJob, type ProvisioningQueue, type QueueLogger } from '@parapet/queue';

/**
 * When a release changes the built-in definitions, every user's stored built-ins must follow. The
 * provisioning role runs this sweep at start: it enqueues one provisioning job per user whose
 * built-ins are older (job ids carry the definitions version, so a sweep repeated by another worker
 * or after a crash adds nothing twice), and the job rewrites only the built-ins, never clones.
 */
export async function enqueueOutdatedBuiltIns(
  db: Db,
  queue: ProvisioningQueue,
  logger: QueueLogger,
  pageSize = 500,
): Promise<number> {
  let enqueued = 0;
  let afterId: string | undefined;
  // Bounded: each page moves past the last id seen, and users are finite.
  for (;;) {
    const page = await listUsersWithOutdatedBuiltIns(db, BUILTIN_DEFINITIONS_VERSION, {
      limit: pageSize,
      ...(afterId ? { afterId } : {}),
    });
    for (const user of page) await enqueueProvisioningJob(queue, user.id);
    enqueued += page.length;
    if (page.length < pageSize) break;
    afterId = page.at(-1)!.id;
  }
  if (enqueued > 0) {
    logger.info(
      { users: enqueued, definitionsVersion: BUILTIN_DEFINITIONS_VERSION },
      'built-in profile upgrade enqueued',
    );
  }
  return enqueued;
}
