/**
 * Aho–Corasick automaton over lower-case ASCII keywords. One pass over the text reports every
 * keyword occurrence, so the cost of the secret rule set's prefilter grows with the text length,
 * not with the number of rules. Characters that occur in no keyword (all non-ASCII ones included)
 * send the automaton back to its start.
 */

export interface KeywordHit {
  /** Index of the keyword in the list given to the constructor. */
  keyword: number;
  /** Offset of the keyword's first character in the text. */
  start: number;
  end: number;
}

export class KeywordIndex {
  readonly keywords: readonly string[];
  /**
   * Character class of each UTF-16 code unit: 0 for characters in no keyword, upper-case letters
   * share their lower-case letter's class. Few classes keep the transition table small enough for
   * the CPU cache (the full 128-column table of ~2000 states did not fit); a table over all code
   * units spares a branch per character.
   */
  private readonly classOf: Uint8Array;
  /** Next state for (state, class), stored as the next state's row offset (state × classes). */
  private readonly delta: Int32Array;
  /** States are numbered so that those reporting keywords come last: this is the first one's row. */
  private readonly firstOutputRow: number;
  /** Keywords ending at each state (including via suffix links): outputs[outStart[s] .. outStart[s + 1]). */
  private readonly outStart: Int32Array;
  private readonly outputs: Int32Array;
  private readonly lengths: Int32Array;
  private readonly classes: number;

  constructor(keywords: readonly string[]) {
    this.keywords = keywords;
    const classOf = new Uint8Array(65536);
    let classes = 1;
    for (const kw of keywords) {
      if (!kw || /[^\x20-\x7e]/.test(kw)) throw new Error(`keyword must be printable ASCII: ${kw}`);
      for (const ch of kw.toLowerCase()) {
        const c = ch.charCodeAt(0);
        if (classOf[c] === 0) classOf[c] = classes++;
      }
    }
    for (let c = 65; c <= 90; c++) classOf[c] = classOf[c + 32]!;

    // Trie, then breadth-first failure links; states in BFS order, root 0.
    const children: Array<Map<number, number>> = [new Map()];
    const out: number[][] = [[]];
    keywords.forEach((kw, i) => {
      let s = 0;
      for (const ch of kw.toLowerCase()) {
        const k = classOf[ch.charCodeAt(0)]!;
        let next = children[s]!.get(k);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          out.push([]);
          children[s]!.set(k, next);
        }
        s = next;
      }
      out[s]!.push(i);
    });
    const n = children.length;
    const next = new Int32Array(n * classes);
    const fail = new Int32Array(n);
    const queue: number[] = [0];
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi]!;
      const f = fail[s]!;
      if (s !== 0) for (const kw of out[f]!) out[s]!.push(kw);
      for (let k = 1; k < classes; k++) {
        const child = children[s]!.get(k);
        if (child !== undefined) {
          fail[child] = s === 0 ? 0 : next[f * classes + k]!;
          next[s * classes + k] = child;
          queue.push(child);
        } else {
          next[s * classes + k] = s === 0 ? 0 : next[f * classes + k]!;
        }
      }
    }

    // Renumber: silent states first (the root stays 0), then the states that report keywords.
    const order = [...queue.filter((s) => out[s]!.length === 0), ...queue.filter((s) => out[s]!.length > 0)];
    const id = new Int32Array(n);
    order.forEach((s, i) => {
      id[s] = i;
    });
    const delta = new Int32Array(n * classes);
    const outStart = new Int32Array(n + 1);
    const outputs: number[] = [];
    order.forEach((s, i) => {
      for (let k = 0; k < classes; k++) delta[i * classes + k] = id[next[s * classes + k]!]! * classes;
      outStart[i] = outputs.length;
      outputs.push(...out[s]!);
    });
    outStart[n] = outputs.length;

    this.classOf = classOf;
    this.delta = delta;
    const firstOutput = order.findIndex((s) => out[s]!.length > 0);
    this.firstOutputRow = (firstOutput < 0 ? n : firstOutput) * classes;
    this.outStart = outStart;
    this.outputs = Int32Array.from(outputs);
    this.lengths = Int32Array.from(keywords, (kw) => kw.length);
    this.classes = classes;
  }

  /**
   * Calls `onHit` for every keyword occurrence in the first `length` code units (case-insensitive
   * for ASCII letters), in order of their end.
   */
  scan(
    units: Uint16Array,
    length: number,
    onHit: (keyword: number, start: number, end: number) => void,
  ): void {
    const { classOf, delta, firstOutputRow, outStart, outputs, lengths, classes } = this;
    let row = 0;
    for (let i = 0; i < length; i++) {
      row = delta[row + classOf[units[i]!]!]!;
      if (row >= firstOutputRow) {
        const s = row / classes;
        for (let k = outStart[s]!; k < outStart[s + 1]!; k++) {
          const kw = outputs[k]!;
          onHit(kw, i + 1 - lengths[kw]!, i + 1);
        }
      }
    }
  }
}
