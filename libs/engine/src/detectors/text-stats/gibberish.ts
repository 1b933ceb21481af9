/**
 * Character statistics for random or nonsensical Latin-script text (keyboard mashing, random
 * letters). Text that is mostly in another script (CJK, Cyrillic …) or looks like code is out of scope
 * and scores 0.
 */

export interface GibberishScore {
  /** Share of checked words that look random, in [0, 1]. */
  score: number;
  words: number;
  badWords: number;
  applicable: boolean;
  reason?: string;
}

const VOWELS = /[aeiouy]/;
const RARE_BIGRAMS = new Set(
  'bq bz cf cj cv cx fq fv fx fz gq gv gx hx hz jb jc jd jf jg jh jk jl jm jn jp jq jr js jt jv jw jx jy jz kq kx kz mx mz pq pv px qb qc qd qe qf qg qh qj qk ql qm qn qo qp qr qs qt qv qw qx qy qz sx tq vb vf vh vj vk vm vp vq vw vx wq wv wx xd xj xk xr xz yq yv zf zj zr zx'.split(
    ' ',
  ),
);
const CODE_HINT = /[{};=<>]|=>|\w\(|\w\.\w+\(|\b(?:function|const|return|import|def|class|var|let)\b/g;

function badWord(w: string): boolean {
  if (w.length >= 4 && !VOWELS.test(w)) return true;
  let run = 0;
  let rare = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w[i] as string;
    run = 'aeiouy'.includes(c) ? 0 : run + 1;
    if (run >= 5) return true;
    if (i > 0 && RARE_BIGRAMS.has(w.slice(i - 1, i + 1))) rare++;
  }
  if (rare >= 2 || (rare >= 1 && w.length <= 6)) return true;
  if (/(.)\1\1\1/.test(w)) return true;
  const vowels = w.replace(/[^aeiouy]/g, '').length;
  return w.length >= 7 && (vowels / w.length < 0.2 || vowels / w.length > 0.75);
}

export function gibberishScore(text: string, maxChars = 20_000): GibberishScore {
  const sample = text.length > maxChars ? text.slice(0, maxChars) : text;
  let letters = 0;
  let latin = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      latin++;
      letters++;
    } else if (c >= 128 && c < 0xdc00 && /\p{L}/u.test(sample[i] as string)) letters++;
  }
  if (letters === 0) return { score: 0, words: 0, badWords: 0, applicable: false, reason: 'no letters' };
  if (latin / letters < 0.6)
    return { score: 0, words: 0, badWords: 0, applicable: false, reason: 'not Latin script' };
  const codeHints = sample.match(CODE_HINT)?.length ?? 0;
  if (codeHints >= 3 && codeHints / Math.max(1, sample.length / 80) > 0.5) {
    return { score: 0, words: 0, badWords: 0, applicable: false, reason: 'looks like code' };
  }
  // Whole words (accented letters included) judged only when plain ASCII: "Prävention" is not split.
  const words = (sample.match(/\p{L}{3,}/gu) ?? [])
    .filter((w) => /^[A-Za-z]+$/.test(w))
    .filter((w) => !(w.length > 1 && w === w.toUpperCase() && w.length <= 6)) // acronyms
    .map((w) => w.toLowerCase());
  if (words.length === 0) return { score: 0, words: 0, badWords: 0, applicable: false, reason: 'no words' };
  const badWords = words.filter(badWord).length;
  return { score: badWords / words.length, words: words.length, badWords, applicable: true };
}
