import type { ContentSignals } from '../../detectors/content/signals.ts';

/** Longest question, in words, that may skip the model. */
export const PLAIN_QUESTION_MAX_WORDS = 15;

/**
 * Words naming a group of people, and the generalising words of a stereotype ("aren't all …",
 * "… always so lazy", "naturally violent"): a question with one is what implicit hate looks like.
 */
const GROUP_WORDS = new Set(
  (
    'men women man woman girls boys feminist feminists gay gays lesbian lesbians bisexual trans transgender ' +
    'transgenders queer lgbt lgbtq lgbtqia homosexual homosexuals nonbinary black blacks white whites asian asians ' +
    'african africans american americans latino latinos latina latinas hispanic hispanics arab arabs jew jewish jews ' +
    'muslim muslims islam christian christians hindu hindus sikh sikhs buddhist buddhists catholic catholics mexican ' +
    'mexicans chinese indian indians native natives immigrant immigrants refugee refugees migrant migrants illegals ' +
    'disabled deaf blind fat obese skinny atheist atheists female females male males caucasian caucasians eastern ' +
    'race races religion religions all always never naturally inherently'
  ).split(' '),
);

/** Words that address the reader; "can you", "do you know" and the like are only a polite frame. */
const SECOND_PERSON = new Set(['you', 'your', 'youre', 'yours', 'yourself', 'u', 'ur', 'ya']);
const POLITE_FRAME = new Set(['can', 'could', 'would', 'will', 'do', 'did', 'have']);

/**
 * A short question that names no group, addresses no one and holds no rude word, slur or violent
 * phrase: "Who is Joe Biden?", "Where was Kamala Harris born?". The tweets the model learned from
 * name public figures mostly in anger, so it scored such questions up to 0.99; a question of this
 * kind is not asked of the model.
 */
export function isPlainShortQuestion(text: string, signals: ContentSignals): boolean {
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
