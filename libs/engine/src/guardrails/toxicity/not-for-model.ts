import type { FoldedText } from '../../detectors/content/folded.ts';
import type { ContentSignals } from '../../detectors/content/signals.ts';

/**
 * Texts the Toxicity model is not asked about, by the guardrail and by its trainer alike: the
 * tweets it learned from name identity groups and public figures mostly in anger, so it scores
 * texts that only name them high.
 */

/** Words naming an identity group, in both lists below. */
const IDENTITY_WORDS = (
  'men women man woman gay gays lesbian lesbians bisexual trans transgender queer lgbt lgbtq lgbtqia nonbinary ' +
  'black white asian asians african africans american americans latino latinos latina latinas hispanic hispanics ' +
  'arab arabs jewish jews muslim muslims christian christians hindu hindus sikh sikhs buddhist buddhists catholic catholics ' +
  'mexican mexicans chinese indian indians native natives immigrant immigrants refugee refugees disabled deaf blind'
).split(' ');

/**
 * Identity terms and function words. A text made only of these ("same-sex couples, Black people
 * and Muslims") names groups without saying anything about them, so it cannot be toxic.
 */
const NEUTRAL_WORDS = new Set([
  ...IDENTITY_WORDS,
  ...(
    'a an the and or of to in on for with about as at by from is are be this that these those ' +
    'people person persons kids children folks community communities couple couples family families ' +
    'same sex same-sex bi straight old young elderly senior seniors'
  ).split(' '),
]);

/** Whether the text has tokens and every one of them is a neutral word. */
function onlyNeutralWords(f: FoldedText): boolean {
  if (f.count === 0) return false;
  for (let i = 0; i < f.count; i++) {
    const s = f.starts[i]!;
    if (!NEUTRAL_WORDS.has(f.text.slice(s, s + f.lens[i]!))) return false;
  }
  return true;
}

/** Longest question, in words, that may skip the model. */
const PLAIN_QUESTION_MAX_WORDS = 15;

/**
 * Words naming a group of people, and the generalising words of a stereotype ("aren't all …",
 * "… always so lazy", "naturally violent"): a question with one is what implicit hate looks like.
 */
const GROUP_WORDS = new Set([
  ...IDENTITY_WORDS,
  ...(
    'girls boys feminist feminists transgenders homosexual homosexuals blacks whites jew islam migrant migrants ' +
    'illegals fat obese skinny atheist atheists female females male males caucasian caucasians eastern ' +
    'race races religion religions all always never naturally inherently'
  ).split(' '),
]);

/** Words that address the reader; "can you", "do you know" and the like are only a polite frame. */
const SECOND_PERSON = new Set(['you', 'your', 'youre', 'yours', 'yourself', 'u', 'ur', 'ya']);
const POLITE_FRAME = new Set(['can', 'could', 'would', 'will', 'do', 'did', 'have']);

/**
 * A short question that names no group, addresses no one and holds no rude word, slur or violent
 * phrase: "Who is Joe Biden?", "Where was Kamala Harris born?". The model scored such questions up
 * to 0.99.
 */
function isPlainShortQuestion(text: string, signals: ContentSignals): boolean {
  if (signals.lexHits.length > 0 || signals.harmHits.length > 0) return false;
  const f = signals.folded;
  if (f.count === 0 || f.count > PLAIN_QUESTION_MAX_WORDS) return false;
  let end = text.length;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  if (text[end - 1] !== '?' || text.lastIndexOf('\n', end) !== -1) return false;
  let previous = '';
  for (let i = 0; i < f.count; i++) {
    const s = f.starts[i]!;
    const word = f.text.slice(s, s + f.lens[i]!);
    if (GROUP_WORDS.has(word)) return false;
    if (SECOND_PERSON.has(word) && !POLITE_FRAME.has(previous)) return false;
    previous = word;
  }
  return true;
}

/** Whether the model is left out for this text: it only names groups, or it is a short plain question. */
export function notForModel(text: string, signals: ContentSignals): boolean {
  return onlyNeutralWords(signals.folded) || isPlainShortQuestion(text, signals);
}
