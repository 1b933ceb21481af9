/**
 * Guards one chat turn with Parapet: validate the user's message, call the model only when it
 * passed, validate the model's answer, and deliver the sanitised answer when a guardrail redacted it.
 *
 *   PARAPET_URL=http://127.0.0.1:8080 PARAPET_KEY=ppt_… node_modules/.bin/node examples/guard-chat-turn.ts ["message"]
 *
 * Without a message it plays two turns: one that passes (its answer carries an e-mail address that
 * the output guardrail redacts) and one whose prompt carries a credential (blocked before the model).
 * It uses the profile PARAPET_PROFILE when set, otherwise it creates (once) a profile named
 * "guard-chat-turn-example". Outside this repository, import from '@parapet/sdk' instead.
 */
import { ConflictError, ParapetClient, ParapetError, type ProfileDefinition } from '../libs/sdk/src/index.ts';

const url = process.env['PARAPET_URL'] ?? 'http://127.0.0.1:8080';
const key = process.env['PARAPET_KEY'];
if (!key) {
  console.error('Set PARAPET_KEY to an API key (npm start prints one) and PARAPET_URL to the API.');
  process.exit(2);
}

const parapet = new ParapetClient({ apiKey: key, baseUrl: url, timeoutMs: 5_000 });

const EXAMPLE_PROFILE: ProfileDefinition = {
  name: 'guard-chat-turn-example',
  description: 'Made by examples/guard-chat-turn.ts: no secrets or injections in, no PII out',
  inputGuardrails: [
    { name: 'SecretsInInput', config: { severity: 'critical' } },
    { name: 'PromptInjectionSignature', config: { severity: 'high' } },
  ],
  outputGuardrails: [{ name: 'OutputPIIRedaction', config: { severity: 'medium', action: 'redact' } }],
  toolGuardrails: [],
};

/** The profile to use: PARAPET_PROFILE, or the example's own (created on first use). */
async function profileName(): Promise<string> {
  const given = process.env['PARAPET_PROFILE'];
  if (given) return given;
  const existing = (await parapet.profiles.list()).find((p) => p.name === EXAMPLE_PROFILE.name);
  if (existing) return existing.id;
  try {
    return (await parapet.profiles.create(EXAMPLE_PROFILE)).id;
  } catch (err) {
    if (err instanceof ConflictError) return EXAMPLE_PROFILE.name; // created meanwhile by another run
    throw err;
  }
}

/** A stand-in for the model: no network, it templates an answer that mentions a person's e-mail. */
function standInModel(prompt: string): string {
  return `You asked: "${prompt.slice(0, 80)}". Jane from our team will follow up at jane.doe@example.com.`;
}

async function guardTurn(profile: string, message: string): Promise<void> {
  console.log(`\nuser    > ${message}`);
  const input = await parapet.validateInput(message, profile);
  if (!input.passed) {
    const reason = input.results.find((r) => r.guardrail === input.blockedBy)?.message;
    console.log(`parapet : input blocked by ${input.blockedBy} (${reason}); the model was not called`);
    return;
  }
  console.log(
    `parapet : input passed ${input.results.length} guardrail(s) in ${input.executionTimeMs.toFixed(2)} ms`,
  );

  const answer = standInModel(message);
  console.log(`model   > ${answer}`);

  const output = await parapet.validateOutput(answer, profile);
  if (!output.passed) {
    console.log(`parapet : answer blocked by ${output.blockedBy}; nothing is shown to the user`);
    return;
  }
  const delivered = output.sanitizedText ?? answer;
  const changed = output.results.filter((r) => r.action === 'redact' && !r.passed).map((r) => r.guardrail);
  if (changed.length) console.log(`parapet : answer redacted by ${changed.join(', ')}`);
  console.log(`shown   > ${delivered}`);
}

try {
  const profile = await profileName();
  console.log(`Parapet at ${url}, profile ${profile}`);
  const messages = process.argv[2]
    ? [process.argv[2]]
    : ['What are your opening hours on Saturday?', 'Deploy with this key: AKIAZ7Q3XK2LMNOP4RST'];
  for (const message of messages) await guardTurn(profile, message);
} catch (err) {
  if (err instanceof ParapetError) {
    console.error(`Parapet error ${err.status ?? ''} ${err.code}: ${err.message} (request ${err.requestId})`);
    process.exit(1);
  }
  throw err;
}
