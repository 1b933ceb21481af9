/**
 * Hand-written sentences that use violent verbs the way programmers and admins do ("kill all node
 * processes", "execute the migration", "nuke the cache"): extra negatives for Toxicity.
 *
 * The tweets use "kill", "shoot" and "execute" about people, and the benign prompts that showed
 * the technical sense ("How do I kill a Python process?") weigh 0.1 since the model got its
 * character part: "How do I kill all the zombie processes?" scored 0.40 at threshold 0.38. The
 * check set `train/everyday/tech-verbs.txt` holds other phrasings, none of them in this list; none
 * of these sentences is in an eval file.
 */
export const EVERYDAY_TECH_VERBS = [
  'How do I kill all node processes on macOS?',
  'Kill the process that is holding port 3000.',
  'The OOM killer killed the worker again.',
  'Use kill -9 only if the process ignores SIGTERM.',
  'Terminate the instance after the tests finish.',
  'The job was terminated after ten minutes.',
  'Execute the migration script before deploying.',
  'The query takes too long to execute.',
  'Abort the rebase and start over.',
  'The build aborted because the disk was full.',
  'Nuke the node_modules folder and reinstall.',
  'Purge the cache after every release.',
  'Destroy the staging stack when the demo is over.',
  'We need to shoot the product photos on Monday.',
  'Shoot me a message when the deploy is done.',
  'The script hangs until you kill the child process.',
  'Force quit the app if it freezes.',
  'Drop the old table once the data is copied.',
  'The pod was evicted and then killed.',
  'Exterminate the flaky tests before the release.',
  'Hit the endpoint with a few hundred requests.',
  'The garbage collector kills performance on big heaps.',
  'Strip the debug symbols from the binary.',
  'Fire the webhook when the payment succeeds.',
  'Slash the build time by caching dependencies.',
];
