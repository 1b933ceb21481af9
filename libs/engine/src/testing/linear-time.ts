/**
 * The ReDoS check every test of a built-in pattern uses. recheck's defaults mix step limits with
 * wall-clock limits (1 s per attack match, 250 ms incubation, 100 ms seeding), so on a loaded CI
 * machine a safe pattern has come back "unknown" and once "vulnerable". With the clock limits off
 * and recheck's fixed default seed (recall validation is off by default), a verdict depends only on
 * the pattern.
 */
import { check } from 'recheck';

const DETERMINISTIC = {
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
  // recheck's own bound on a whole check; tests set shorter limits of their own
  timeout: 300_000,
} as const;

/** recheck's verdict for one pattern (`g`/`y` flags dropped: they do not change matching cost). */
export async function linearTimeStatus(re: { source: string; flags: string }): Promise<string> {
  const result = await check(re.source, re.flags.replace(/[gy]/g, ''), DETERMINISTIC);
  return result.status === 'unknown' ? `unknown (${result.error.kind})` : result.status;
}
