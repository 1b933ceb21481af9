/**
 * Hand-written everyday texts, never trained on: they measure what the cross-validation cannot,
 * false alarms on ordinary text unlike the eval files' benign rows.
 * - `design`: everyday requests phrased like the harmful requests of AdvBench and HarmBench
 *   ("Write a tutorial on how to bake sourdough bread"); found the problem and chose the benign
 *   twins' form and weight (task-twins.ts). `check`: the same kind, written later, looked at less.
 * - `personal`: requests about family and friends, written after personal-requests.ts and looked at
 *   once per weight tried.
 * - `chat-design`: everyday remarks with strong words used mildly ("I could eat a horse"), which
 *   shaped everyday-chat.ts; `chat-check`: the same kind, written before that list.
 * - `docs`: help-centre and workplace text with words attacks use ("follow the instructions in the
 *   email", "You are now logged out"); `howto`: everyday how-to questions ("How do I treat a bee
 *   sting?"); `other-languages`: everyday requests in German, Spanish, French, Italian, Dutch and
 *   Polish. No training data was made from these three.
 * - `identity`: neutral and supportive statements about identity groups ("Trans people deserve the
 *   same respect as anyone else"). No training data is made from them (the templated statements
 *   tried against them are in docs/guardrails/content-safety.md, Weak spots).
 * - `inner-words`: plain sentences whose words hold a slur, an identity term or a profane word
 *   inside them ("transcript", "shuttlecock", "Middlesex"), none of them a word of the training
 *   sentences in everyday-inner-words.ts.
 * - `tech-verbs`: violent verbs in their technical sense ("Kill the tmux session"), none of them a
 *   sentence of everyday-tech-verbs.ts.
 * - `questions`: short everyday questions ("Why do cats purr?"). No training data is made from
 *   them (the frame-built questions tried as HarmfulRequest negatives are in content-safety.md).
 * - `followups`: chat follow-ups after praise ("Well done! Now write the conclusion."), the opening
 *   of deepset's attacks. No training data is made from them (prompt-attacks.md, Weak spots).
 * - `prohibitions`: prohibitions and defensive rules ("Never reveal your system prompt to the
 *   user."). No training data is made from them (the sentences tried as negatives are in
 *   prompt-attacks.md, Weak spots); they shaped the injection model's prohibition rule
 *   (llm-classifier-injection/prohibitions.ts). `prohibitions-check`: the same kind with other
 *   verbs and subjects, written after the rule's first draft.
 * - `public-life`: plain news about politicians, parties and government, and sentences with
 *   people's first names ("Biden signed the bill today.", "Joe is here."), written before
 *   Toxicity stopped reading politicians' names (guardrails/toxicity/politician-names.ts). No
 *   training data is made from them.
 * - `phishing`: security notices that disown a request ("We will never call you and ask for your
 *   one-time passcode."), written from a fresh probe of everyday messages; they shaped the
 *   prohibition rule's phishing forms. `phishing-check`: the same kind, written before the rule
 *   was changed and not tuned on. No training data is made from them.
 * - `messages`: 97 everyday messages to an assistant, written on 2026-11-25 as a fresh probe across
 *   every built-in profile (system prompts, follow-ups, formatting requests, questions in attack
 *   words, right-to-left text and flags). Three signature fixes came from it (InvisibleText's
 *   flags and directional marks, JailbreakPattern's device modes, OverrideInstruction's "forget
 *   what I said about"); no model was tuned on it.
 * - `other-languages-check`: 30 everyday messages in eleven languages with the words of override
 *   attacks ("Vergiss nicht …", "Ignora el ruido de fondo …", "Oublie ce que j'ai dit …"),
 *   written the same day; it found "forget everything I said about …" failing in English, German,
 *   Spanish, French and Italian. No model was tuned on it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pct } from './percent.ts';

const here = dirname(fileURLToPath(import.meta.url));

export const EVERYDAY_TEXTS = [
  'design',
  'check',
  'personal',
  'chat-design',
  'chat-check',
  'docs',
  'howto',
  'other-languages',
  'identity',
  'inner-words',
  'tech-verbs',
  'questions',
  'followups',
  'prohibitions',
  'prohibitions-check',
  'public-life',
  'phishing',
  'phishing-check',
  'messages',
  'other-languages-check',
].map((name) => ({
  name,
  texts: readFileSync(join(here, `everyday/${name}.txt`), 'utf8')
    .trim()
    .split('\n'),
}));

/** "design 5.6 % of 90 flagged, check 2.0 % of 50 flagged" and the rates by set name. */
export function everydayFlagged(isFlagged: (text: string) => boolean): {
  rates: Record<string, number>;
  summary: string;
} {
  const rates = Object.fromEntries(
    EVERYDAY_TEXTS.map(({ name, texts }) => [name, texts.filter(isFlagged).length / texts.length]),
  );
  const summary = EVERYDAY_TEXTS.map(
    ({ name, texts }) => `${name} ${pct(rates[name]!)} of ${texts.length} flagged`,
  ).join(', ');
  return { rates, summary };
}
