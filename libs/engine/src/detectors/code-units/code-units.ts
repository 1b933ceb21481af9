/**
 * A reusable typed-array copy of a string's UTF-16 code units. Character loops read a typed array
 * several times faster than `charCodeAt`, above all on sliced or concatenated strings; Buffer's
 * native utf16le copy fills it. Each scanner keeps its own buffer: the array is valid only until
 * the buffer's next `load`.
 */
const SENTINELS = 4;

/** `utf16le` bytes are the array's native layout only on a little-endian machine. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

export class CodeUnitBuffer {
  private units = new Uint16Array(4096);
  private bytes = Buffer.from(this.units.buffer);

  /**
   * The code units of `text`, followed by four 0s (sentinels: scans may stop at a unit of no class
   * and may look a few units ahead); valid until the next `load` on this buffer.
   */
  load(text: string): Uint16Array {
    const n = text.length;
    if (this.units.length < n + SENTINELS) {
      this.units = new Uint16Array(Math.max(n + SENTINELS, this.units.length * 2));
      this.bytes = Buffer.from(this.units.buffer);
    }
    // utf16le copies code units as they are, lone surrogates included.
    if (LITTLE_ENDIAN) this.bytes.write(text, 0, n * 2, 'utf16le');
    else for (let i = 0; i < n; i++) this.units[i] = text.charCodeAt(i);
    this.units.fill(0, n, n + SENTINELS);
    return this.units;
  }
}

/**
 * Code units written piece by piece (strings, or runs of another array) into one reusable typed
 * array, for a reader that takes a long text in pieces but scans it as one. Valid until `reset`.
 */
export class CodeUnitWriter {
  units = new Uint16Array(4096);
  private bytes = Buffer.from(this.units.buffer);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  /** Makes room for `extra` more units and the sentinels, keeping what is written. */
  private reserve(extra: number): void {
    const need = this.length + extra + SENTINELS;
    if (need <= this.units.length) return;
    const grown = new Uint16Array(Math.max(need, this.units.length * 2));
    grown.set(this.units.subarray(0, this.length));
    this.units = grown;
    this.bytes = Buffer.from(grown.buffer);
  }

  writeString(text: string): void {
    const n = text.length;
    this.reserve(n);
    if (LITTLE_ENDIAN) this.bytes.write(text, this.length * 2, n * 2, 'utf16le');
    else for (let i = 0; i < n; i++) this.units[this.length + i] = text.charCodeAt(i);
    this.length += n;
  }

  writeUnits(src: Uint16Array, from: number, to: number): void {
    this.reserve(to - from);
    this.units.set(src.subarray(from, to), this.length);
    this.length += to - from;
  }

  /** The units written, followed by four 0s (as `CodeUnitBuffer.load` leaves them). */
  finish(): Uint16Array {
    this.units.fill(0, this.length, this.length + SENTINELS);
    return this.units;
  }
}
