/**
 * A reusable typed-array copy of a string's UTF-16 code units. Character loops read a typed array
 * several times faster than `charCodeAt`, above all on sliced or concatenated strings.
 */
export class UnitBuffer {
  private units = new Uint16Array(1024);
  private bytes = Buffer.from(this.units.buffer);

  /** The code units of `text` (valid up to `text.length`, until the next `load` on this buffer). */
  load(text: string): Uint16Array {
    if (this.units.length < text.length) {
      this.units = new Uint16Array(Math.max(text.length, this.units.length * 2));
      this.bytes = Buffer.from(this.units.buffer);
    }
    // utf16le copies code units as they are, lone surrogates included.
    this.bytes.write(text, 'utf16le');
    return this.units;
  }
}
