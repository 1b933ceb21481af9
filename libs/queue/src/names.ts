import { QUEUES } from '@parapet/contracts';

export type QueueKey = keyof typeof QUEUES;
export type QueueName = (typeof QUEUES)[QueueKey];
export { QUEUES };

/**
 * The BullMQ key prefix for a configured prefix, Redis-Cluster compatible: wrapped in a `{hash tag}`
 * so every key of every queue lands in one slot (BullMQ's Lua scripts touch several keys at once).
 * A prefix that already holds a hash tag is used as given.
 */
export function bullPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9_{}.-]{1,100}$/.test(prefix))
    throw new RangeError(`invalid queue prefix: ${JSON.stringify(prefix)}`);
  return /\{[^{}]+\}/.test(prefix) ? prefix : `{${prefix}}`;
}
