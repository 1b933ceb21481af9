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

const RARE_BIGRAM_LIST =
  'bq bz cf cj cv cx fq fv fx fz gq gv gx hx hz jb jc jd jf jg jh jk jl jm jn jp jq jr js jt jv jw jx jy jz kq kx kz mx mz pq pv px qb qc qd qe qf qg qh qj qk ql qm qn qo qp qr qs qt qv qw qx qy qz sx tq vb vf vh vj vk vm vp vq vw vx wq wv wx xd xj xk xr xz yq yv zf zj zr zx';
/** 26×26 table of rare letter pairs, indexed by (first − 'a') × 26 + (second − 'a'). */
const RARE = new Uint8Array(26 * 26);
for (const b of RARE_BIGRAM_LIST.split(' ')) RARE[(b.charCodeAt(0) - 97) * 26 + (b.charCodeAt(1) - 97)] = 1;
/** Lower-case vowels a e i o u y, indexed by letter − 'a'. */
const VOWEL = new Uint8Array(26);
for (const v of 'aeiouy') VOWEL[v.charCodeAt(0) - 97] = 1;
const CODE_HINT = /[{};=<>]|=>|\w\(|\w\.\w+\(|\b(?:function|const|return|import|def|class|var|let)\b/g;
const LETTER = /\p{L}/u;

/**
 * Whether the ASCII word text[start, end) looks random (judged case-insensitively): no vowel in 4+
 * letters, 5 consonants in a row, rare letter pairs, a letter 4 times in a row, or an extreme vowel share
 * in 7+ letters. One pass over the char codes, no allocation.
 */
function badWordAt(text: string, start: number, end: number): boolean {
  const len = end - start;
  let run = 0;
  let rare = 0;
  let vowels = 0;
  let prev = -1;
  let same = 0;
  for (let i = start; i < end; i++) {
    const c = (text.charCodeAt(i) | 32) - 97;
    if (VOWEL[c] === 1) {
      vowels++;
      run = 0;
    } else if (++run >= 5) return true;
    if (prev >= 0) {
      rare += RARE[prev * 26 + c] as number;
      same = c === prev ? same + 1 : 0;
      if (same >= 3) return true;
    }
    prev = c;
  }
  if (len >= 4 && vowels === 0) return true;
  if (rare >= 2 || (rare >= 1 && len <= 6)) return true;
  return len >= 7 && (vowels / len < 0.2 || vowels / len > 0.75);
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
  // Runs of letters of 3+ characters, all ASCII, not an all-capital acronym of up to 6 letters.
  let words = 0;
  let badWords = 0;
  let i = 0;
  const n = sample.length;
  while (i < n) {
    const start = i;
    let ascii = true;
    let upper = true;
    let units = 0; // letters (code points) in the run
    while (i < n) {
      const c = sample.charCodeAt(i);
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
        if (c >= 97) upper = false;
        i++;
      } else if (c >= 128) {
        const cp = sample.codePointAt(i) as number;
        const w = cp > 0xffff ? 2 : 1;
        if (!LETTER.test(sample.slice(i, i + w))) break;
        ascii = false;
        i += w;
      } else break;
      units++;
    }
    if (i === start) {
      i++;
      continue;
    }
    if (units < 3 || !ascii) continue;
    if (upper && units <= 6) continue; // acronyms
    words++;
    if (badWordAt(sample, start, i)) badWords++;
  }
  if (words === 0) return { score: 0, words: 0, badWords: 0, applicable: false, reason: 'no words' };
  return { score: badWords / words, words, badWords, applicable: true };
}
