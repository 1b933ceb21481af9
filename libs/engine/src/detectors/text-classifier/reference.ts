/**
 * FROZEN reference copy (test use only) of the scoring path of featurize.ts as it was before the
 * scoring speed-ups: the equivalence test asserts that the optimised `Featurizer.score` gives the
 * same logits. Do not edit except to delete it together with that test.
 *
 * Streaming feature hashing for the linear text classifier.
 *
 * Text is normalised (NFKC, lowercase, invisible characters dropped, URLs and @mentions replaced by
 * placeholder tokens, letter runs of three or more collapsed to two), split into word tokens, and
 * every token yields hashed word n-grams (over the token sequence) and character n-grams (inside the
 * token padded with spaces, like sklearn's `char_wb`). Features are emitted one at a time through a
 * callback, so inference never builds a vector.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const MAX_TOKEN = 48;

/** Word characters: letters, marks, digits and the apostrophe (so "don't" stays one token). */
const WORD_CHAR = (() => {
  const table = new Uint8Array(65536);
  const re = /[\p{L}\p{M}\p{N}]/u;
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (re.test(String.fromCharCode(c))) table[c] = 1;
  }
  table[0x27] = 1; // '
  table[0x2019] = 1; // ’ (folded to ' below)
  return table;
})();

const URL_RE = /\bhttps?:\/\/[^\s<>"']{1,2000}|\bwww\.[^\s<>"']{1,2000}/gi;
const MENTION_RE = /@[A-Za-z0-9_]{1,50}/g;
const ASCII_RE = /^[\x00-\x7f]*$/;
const INVISIBLE_RE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069]/g;

/** Normalises text the same way at training and at inference. */
function normalizeForClassifier(text: string): string {
  let t = text;
  if (!ASCII_RE.test(t)) {
    // NFKC folds full-width letters and compatibility forms.
    t = t.normalize('NFKC').replace(INVISIBLE_RE, '');
  }
  if (t.includes('://') || t.includes('www.')) t = t.replace(URL_RE, ' xxurl ');
  if (t.includes('@')) t = t.replace(MENTION_RE, ' xxuser ');
  return t.toLowerCase();
}

interface FeatureSpec {
  wordNgrams: readonly number[];
  charNgrams: readonly number[];
  buckets: number;
}

function mix(h: number, n: number): number {
  // Murmur3 finaliser, salted by the n-gram kind so that "ab" as a word and as chars differ.
  let x = (h ^ Math.imul(n, 0x9e3779b1)) | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

class ReferenceFeaturizer {
  readonly mask: number;
  private readonly wordSet: Uint8Array;
  private readonly charSet: Uint8Array;
  private readonly maxWordN: number;
  private readonly maxCharN: number;
  private readonly buf = new Uint16Array(MAX_TOKEN + 2);
  private readonly history = new Int32Array(8);

  constructor(spec: FeatureSpec) {
    const b = spec.buckets;
    if (!Number.isInteger(b) || b < 16 || (b & (b - 1)) !== 0) {
      throw new Error(`buckets must be a power of two >= 16, got ${b}`);
    }
    this.mask = b - 1;
    this.wordSet = new Uint8Array(9);
    this.charSet = new Uint8Array(9);
    for (const n of spec.wordNgrams) {
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`word n-gram size out of range: ${n}`);
      this.wordSet[n] = 1;
    }
    for (const n of spec.charNgrams) {
      if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`char n-gram size out of range: ${n}`);
      this.charSet[n] = 1;
    }
    this.maxWordN = Math.max(0, ...spec.wordNgrams);
    this.maxCharN = Math.max(0, ...spec.charNgrams);
  }

  /**
   * Window-scored logit of `text` under linear weights `w` and `bias`: the sum of the weights of
   * each window of `windowTokens` tokens divided by the square root of its feature count, best
   * window wins, a tail shorter than `minTail` tokens joins the window before it. The same features
   * in the same order as `run` with a scoring sink, so the result is bit-for-bit the same, but
   * without a callback per feature.
   */
  score(text: string, w: Float32Array, bias: number, windowTokens: number, minTail: number): number {
    const t = normalizeForClassifier(text);
    const buf = this.buf;
    const hist = this.history;
    hist.fill(0);
    const mask = this.mask;
    const wordSet = this.wordSet;
    const charSet = this.charSet;
    const maxWordN = this.maxWordN;
    const maxN = this.maxCharN;
    let histLen = 0;
    let len = 0;
    let h = FNV_OFFSET;
    let sum = 0;
    let cnt = 0;
    let tokens = 0;
    let best = Number.NEGATIVE_INFINITY;
    let prevSum = 0;
    let prevN = 0;
    let windows = 0;
    const n = t.length;
    for (let i = 0; i <= n; i++) {
      let c = i < n ? t.charCodeAt(i) : 32;
      if (i < n && WORD_CHAR[c] === 1) {
        if (c === 0x2019) c = 0x27;
        if (len >= 2 && buf[len] === c && buf[len - 1] === c) continue;
        h = Math.imul(h ^ c, FNV_PRIME);
        if (len < MAX_TOKEN) {
          buf[len + 1] = c;
          len++;
        }
        continue;
      }
      if (len === 0) continue;
      const wordHash = h >>> 0;
      for (let k = Math.min(histLen, 7); k > 0; k--) hist[k] = hist[k - 1]!;
      hist[0] = wordHash;
      if (histLen < 8) histLen++;
      let wh = 0;
      for (let g = 1; g <= maxWordN && g <= histLen; g++) {
        wh = g === 1 ? hist[0]! : Math.imul(wh ^ hist[g - 1]!, FNV_PRIME);
        if (wordSet[g] === 1) {
          sum += w[mix(wh, 100 + g) & mask]!;
          cnt++;
        }
      }
      if (maxN > 0) {
        buf[0] = 32;
        buf[len + 1] = 32;
        const total = len + 2;
        for (let s = 0; s < total; s++) {
          let ch = FNV_OFFSET;
          const lim = Math.min(maxN, total - s);
          for (let k = 0; k < lim; k++) {
            ch = Math.imul(ch ^ buf[s + k]!, FNV_PRIME);
            if (charSet[k + 1] === 1) {
              sum += w[mix(ch, k + 1) & mask]!;
              cnt++;
            }
          }
        }
      }
      tokens++;
      if (tokens >= windowTokens) {
        const z = bias + (cnt > 0 ? sum / Math.sqrt(cnt) : 0);
        if (z > best) best = z;
        prevSum = sum;
        prevN = cnt;
        windows++;
        sum = 0;
        cnt = 0;
        tokens = 0;
      }
      len = 0;
      h = FNV_OFFSET;
    }
    if (tokens > 0 || windows === 0) {
      if (windows > 0 && tokens < minTail) {
        const m = cnt + prevN;
        const z = bias + (m > 0 ? (sum + prevSum) / Math.sqrt(m) : 0);
        if (z > best) best = z;
      } else {
        const z = bias + (cnt > 0 ? sum / Math.sqrt(cnt) : 0);
        if (z > best) best = z;
      }
    }
    return best;
  }
}

/** The logit of `text` under `model` computed by the frozen pre-optimisation code. */
export function referenceLogit(
  model: { buckets: number; features: { wordNgrams: number[]; charNgrams: number[] }; bias: number },
  weights: Float32Array,
  text: string,
  windowTokens: number,
  minTail: number,
): number {
  const f = new ReferenceFeaturizer({ ...model.features, buckets: model.buckets });
  return f.score(text, weights, model.bias, windowTokens, minTail);
}
