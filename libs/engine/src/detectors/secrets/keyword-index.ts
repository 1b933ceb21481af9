/**
 * Aho–Corasick automaton over lower-case ASCII keywords. One pass over the text reports every
 * keyword occurrence, so the cost of the secret rule set's prefilter grows with the text length,
 * not with the number of rules. Non-ASCII characters reset the automaton (keywords are ASCII).
 */

const ALPHABET = 128;

export interface KeywordHit {
  /** Index of the keyword in the list given to the constructor. */
  keyword: number;
  /** Offset of the keyword's first character in the text. */
  start: number;
  end: number;
}

export class KeywordIndex {
  readonly keywords: readonly string[];
  /** Dense DFA: next state for (state, char). */
  private readonly delta: Int32Array;
  /** For each state, the keywords ending there (including via suffix links), or null. */
  private readonly outputs: Array<number[] | null>;

  constructor(keywords: readonly string[]) {
    this.keywords = keywords;
    const children: Array<Map<number, number>> = [new Map()];
    const out: number[][] = [[]];
    keywords.forEach((kw, i) => {
      if (!kw || /[^\x20-\x7e]/.test(kw)) throw new Error(`keyword must be printable ASCII: ${kw}`);
      let s = 0;
      for (const ch of kw.toLowerCase()) {
        const c = ch.charCodeAt(0);
        let next = children[s]!.get(c);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          out.push([]);
          children[s]!.set(c, next);
        }
        s = next;
      }
      out[s]!.push(i);
    });
    const n = children.length;
    const delta = new Int32Array(n * ALPHABET);
    const fail = new Int32Array(n);
    const queue: number[] = [];
    for (let c = 0; c < ALPHABET; c++) {
      const next = children[0]!.get(c);
      if (next !== undefined) {
        delta[c] = next;
        fail[next] = 0;
        queue.push(next);
      }
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi]!;
      const f = fail[s]!;
      for (const kw of out[f]!) out[s]!.push(kw);
      for (let c = 0; c < ALPHABET; c++) {
        const next = children[s]!.get(c);
        if (next !== undefined) {
          fail[next] = delta[f * ALPHABET + c]!;
          delta[s * ALPHABET + c] = next;
          queue.push(next);
        } else {
          delta[s * ALPHABET + c] = delta[f * ALPHABET + c]!;
        }
      }
    }
    this.delta = delta;
    this.outputs = out.map((o) => (o.length ? o : null));
  }

  /** Calls `onHit` for every keyword occurrence (case-insensitive for ASCII letters), in text order of their end. */
  scan(text: string, onHit: (keyword: number, start: number, end: number) => void): void {
    const delta = this.delta;
    const outputs = this.outputs;
    const keywords = this.keywords;
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= ALPHABET) {
        s = 0;
        continue;
      }
      if (c >= 65 && c <= 90) c += 32;
      s = delta[s * ALPHABET + c]!;
      const o = outputs[s];
      if (o !== null && o !== undefined) {
        for (let k = 0; k < o.length; k++) {
          const kw = o[k]!;
          onHit(kw, i + 1 - keywords[kw]!.length, i + 1);
        }
      }
    }
  }
}
