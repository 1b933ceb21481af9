/** Keccak-256 (the pre-SHA-3 padding Ethereum uses), for EIP-55 address checksums only. */

const MASK = (1n << 64n) - 1n;
const RC: bigint[] = [];
{
  let r = 1;
  for (let i = 0; i < 24; i++) {
    let c = 0n;
    for (let j = 0; j < 7; j++) {
      if (r & 1) c |= 1n << BigInt((1 << j) - 1);
      r = r & 0x80 ? ((r << 1) ^ 0x71) & 0xff : (r << 1) & 0xff;
    }
    RC.push(c);
  }
}
const ROT = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

const rotl = (x: bigint, n: number): bigint =>
  n === 0 ? x : ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK;

function permute(s: bigint[]): void {
  const c = new Array<bigint>(5);
  const b = new Array<bigint>(25);
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) c[x] = s[x]! ^ s[x + 5]! ^ s[x + 10]! ^ s[x + 15]! ^ s[x + 20]!;
    for (let x = 0; x < 5; x++) {
      const dd = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) s[y + x] = s[y + x]! ^ dd;
    }
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++) b[y + ((2 * x + 3 * y) % 5) * 5] = rotl(s[x + 5 * y]!, ROT[x + 5 * y]!);
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++)
        s[x + 5 * y] = b[x + 5 * y]! ^ (~b[((x + 1) % 5) + 5 * y]! & MASK & b[((x + 2) % 5) + 5 * y]!);
    s[0] = s[0]! ^ RC[round]!;
  }
}

/** Keccak-256 of an ASCII string, as lowercase hex. Input must be shorter than 136 bytes. */
export function keccak256Hex(ascii: string): string {
  const rate = 136;
  const block = new Uint8Array(rate);
  for (let i = 0; i < ascii.length; i++) block[i] = ascii.charCodeAt(i);
  block[ascii.length] = block[ascii.length]! ^ 0x01;
  block[rate - 1] = block[rate - 1]! ^ 0x80;
  const s = new Array<bigint>(25).fill(0n);
  for (let i = 0; i < rate / 8; i++) {
    let lane = 0n;
    for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(block[i * 8 + k]!);
    s[i] = lane;
  }
  permute(s);
  let out = '';
  for (let i = 0; i < 4; i++) {
    let lane = s[i]!;
    for (let k = 0; k < 8; k++) {
      out += Number(lane & 0xffn)
        .toString(16)
        .padStart(2, '0');
      lane >>= 8n;
    }
  }
  return out;
}
