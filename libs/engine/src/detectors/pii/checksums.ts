/** Check-digit algorithms used to validate identifiers. Inputs are digit strings unless noted. */
import { createHash } from 'node:crypto';

const d = (s: string, i: number): number => s.charCodeAt(i) - 48;

/** Luhn (mod 10) over all digits, the last one being the check digit. */
export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let v = d(digits, i);
    if (double) {
      v *= 2;
      if (v > 9) v -= 9;
    }
    sum += v;
    double = !double;
  }
  return sum % 10 === 0;
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 8, 7, 6, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff dihedral check (Aadhaar). */
export function verhoeff(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const v = d(digits, digits.length - 1 - i);
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![v]!]!;
  }
  return c === 0;
}

/** Sum of digit × weight over the first weights.length digits. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < weights.length; i++) s += d(digits, i) * weights[i]!;
  return s;
}

/** ABA routing number: 3-7-1 weights, sum divisible by 10, valid Federal Reserve prefix. */
export function abaRouting(digits: string): boolean {
  if (digits.length !== 9) return false;
  const p = Number(digits.slice(0, 2));
  if (!((p >= 0 && p <= 12) || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80)) return false;
  if (/^0+$/.test(digits)) return false;
  return weightedSum(digits, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0;
}

/** UK NHS number: mod 11 with weights 10..2. */
export function nhs(digits: string): boolean {
  if (digits.length !== 10) return false;
  const r = 11 - (weightedSum(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  const check = r === 11 ? 0 : r;
  return check !== 10 && check === d(digits, 9);
}

/** US National Provider Identifier: Luhn with the 80840 prefix. */
export function npi(digits: string): boolean {
  return digits.length === 10 && (digits[0] === '1' || digits[0] === '2') && luhn(`80840${digits}`);
}

/** Spanish DNI/NIF (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter). */
export function esNif(value: string): boolean {
  const v = value.toUpperCase();
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(v);
  if (!m) return false;
  const prefix = m[1] ? String('XYZ'.indexOf(m[1])) : '';
  const num = Number(prefix + m[2]);
  if ((m[1] && m[2]!.length !== 7) || (!m[1] && m[2]!.length !== 8)) return false;
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[num % 23] === m[3];
}

const IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** Italian codice fiscale check character (16 chars, omocodia allowed). */
export function itFiscalCode(value: string): boolean {
  const v = value.toUpperCase();
  if (v.length !== 16) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = v.charCodeAt(i);
    const n = c <= 57 ? c - 48 : c - 65;
    sum += i % 2 === 0 ? IT_ODD[n]! : n;
  }
  return String.fromCharCode(65 + (sum % 26)) === v[15];
}

/** Italian partita IVA: 11 digits, Luhn-like. */
export function itVat(digits: string): boolean {
  return digits.length === 11 && !/^0+$/.test(digits) && luhn(digits);
}

/** Polish PESEL: weights 1,3,7,9 and a plausible birth date. */
export function pesel(digits: string): boolean {
  if (digits.length !== 11) return false;
  const month = Number(digits.slice(2, 4)) % 20;
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const s = weightedSum(digits, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]);
  return (10 - (s % 10)) % 10 === d(digits, 10);
}

/** Singapore NRIC/FIN check letter. */
export function sgNric(value: string): boolean {
  const v = value.toUpperCase();
  const m = /^([STFGM])(\d{7})([A-Z])$/.exec(v);
  if (!m) return false;
  const p = m[1]!;
  let s = weightedSum(m[2]!, [2, 7, 6, 5, 4, 3, 2]);
  if (p === 'T' || p === 'G') s += 4;
  if (p === 'M') s += 3;
  const r = s % 11;
  const table = p === 'S' || p === 'T' ? 'JZIHGFEDCBA' : p === 'M' ? 'KLJNPQRTUWX' : 'XWUTRQPNMLK';
  const expected = p === 'M' ? table[10 - r] : table[r];
  return expected === m[3];
}

/** Australian Business Number. */
export function auAbn(digits: string): boolean {
  if (digits.length !== 11 || digits[0] === '0') return false;
  const first = d(digits, 0) - 1;
  const s = first * 10 + weightedSum(digits.slice(1), [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
  return s % 89 === 0;
}

/** Australian Company Number. */
export function auAcn(digits: string): boolean {
  if (digits.length !== 9) return false;
  const s = weightedSum(digits, [8, 7, 6, 5, 4, 3, 2, 1]);
  return (10 - (s % 10)) % 10 === d(digits, 8);
}

/** Australian Tax File Number (9 digits). */
export function auTfn(digits: string): boolean {
  return digits.length === 9 && weightedSum(digits, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0;
}

/** Australian Medicare card number (10 digits, optional 11th issue digit). */
export function auMedicare(digits: string): boolean {
  if (digits.length !== 10 && digits.length !== 11) return false;
  if (digits[0]! < '2' || digits[0]! > '6') return false;
  return weightedSum(digits, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 === d(digits, 8);
}

/** Korean resident registration number (RRN) / foreigner number: date, gender digit and mod 11. */
export function krRrn(digits: string, foreigner: boolean): boolean {
  if (digits.length !== 13) return false;
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const g = d(digits, 6);
  if (foreigner ? g < 5 || g > 8 : g < 1 || g > 4) return false;
  const s = weightedSum(digits, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]);
  const check = foreigner ? (13 - (s % 11)) % 10 : (11 - (s % 11)) % 10;
  return check === d(digits, 12);
}

/** Korean business registration number. */
export function krBrn(digits: string): boolean {
  if (digits.length !== 10) return false;
  let s = weightedSum(digits, [1, 3, 7, 1, 3, 7, 1, 3, 5]);
  s += Math.floor((d(digits, 8) * 5) / 10);
  return (10 - (s % 10)) % 10 === d(digits, 9);
}

/** Finnish personal identity code (HETU): DDMMYY, century sign, NNN, check character. */
export function fiHetu(value: string): boolean {
  const m = /^(\d{6})[-+A-FU-Y](\d{3})([0-9A-Y])$/i.exec(value);
  if (!m) return false;
  const day = Number(m[1]!.slice(0, 2));
  const month = Number(m[1]!.slice(2, 4));
  if (day < 1 || day > 31 || month < 1 || month > 12) return false;
  const n = Number(m[1]! + m[2]!);
  return '0123456789ABCDEFHJKLMNPRSTUVWXY'[n % 31] === m[3]!.toUpperCase();
}

/** Swedish personnummer / samordningsnummer: Luhn over YYMMDDNNNC. */
export function sePersonnummer(digits: string): boolean {
  const ten = digits.length === 12 ? digits.slice(2) : digits;
  if (ten.length !== 10) return false;
  const month = Number(ten.slice(2, 4));
  const day = Number(ten.slice(4, 6)) % 60;
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  return luhn(ten);
}

/** German tax identification number (Steuer-ID): ISO 7064 MOD 11,10 and the digit-repetition rule. */
export function deTaxId(digits: string): boolean {
  if (digits.length !== 11 || digits[0] === '0') return false;
  const counts = new Map<string, number>();
  for (const c of digits.slice(0, 10)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const reps = [...counts.values()];
  if (!reps.some((c) => c === 2 || c === 3) && counts.size !== 10) return false;
  return iso7064Mod11_10(digits);
}

/** ISO 7064 MOD 11,10: the last digit checks all the digits before it. */
function iso7064Mod11_10(digits: string): boolean {
  const last = digits.length - 1;
  let product = 10;
  for (let i = 0; i < last; i++) {
    let sum = (d(digits, i) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  let check = 11 - product;
  if (check === 10) check = 0;
  return check === d(digits, last);
}

/** German VAT id: DE + 9 digits, ISO 7064 MOD 11,10. */
export function deVat(digits: string): boolean {
  if (digits.length !== 9 || digits[0] === '0') return false;
  return iso7064Mod11_10(digits);
}

/** ICAO 9303 check digit (7-3-1 weights) used by German ID cards and passports. */
export function icao(value: string): boolean {
  const w = [7, 3, 1];
  let s = 0;
  for (let i = 0; i < value.length - 1; i++) {
    const c = value.charCodeAt(i);
    const n = c <= 57 ? c - 48 : c - 55;
    s += n * w[i % 3]!;
  }
  return s % 10 === d(value, value.length - 1);
}

/** South African ID: YYMMDD SSSS C A Z, Luhn; C is 0 citizen, 1 permanent resident, 2 refugee. */
export function zaId(digits: string): boolean {
  if (digits.length !== 13) return false;
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  if (digits[10] !== '0' && digits[10] !== '1' && digits[10] !== '2') return false;
  return luhn(digits);
}

/** Thai national id (13 digits, mod 11). */
export function thTnin(digits: string): boolean {
  if (digits.length !== 13 || digits[0] === '0') return false;
  const s = weightedSum(digits, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return (11 - (s % 11)) % 10 === d(digits, 12);
}

/** Nigerian NIN: 11 digits with Verhoeff check. */
export function ngNin(digits: string): boolean {
  return digits.length === 11 && verhoeff(digits);
}

/** Canadian SIN: Luhn, first digit not 0 or 8. */
export function caSin(digits: string): boolean {
  return digits.length === 9 && digits[0] !== '0' && digits[0] !== '8' && luhn(digits);
}

// ---- crypto wallets -------------------------------------------------------------------------

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B58_INDEX = new Map([...B58].map((c, i) => [c, i]));

/** Bitcoin legacy address: base58check with a version byte of 0x00 or 0x05. */
export function base58check(value: string): boolean {
  let n = 0n;
  for (const c of value) {
    const v = B58_INDEX.get(c);
    if (v === undefined) return false;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const c of value) {
    if (c !== '1') break;
    bytes.unshift(0);
  }
  if (bytes.length !== 25) return false;
  const payload = Buffer.from(bytes.slice(0, 21));
  const h = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  for (let i = 0; i < 4; i++) if (h[i] !== bytes[21 + i]) return false;
  return true;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** Bech32 / bech32m address checksum (segwit, "bc1…"). */
export function bech32(value: string): boolean {
  const v = value.toLowerCase();
  if (v !== value && value.toUpperCase() !== value) return false;
  const pos = v.lastIndexOf('1');
  if (pos < 1 || pos + 7 > v.length) return false;
  const hrp = v.slice(0, pos);
  const values: number[] = [];
  for (let i = 0; i < hrp.length; i++) values.push(hrp.charCodeAt(i) >> 5);
  values.push(0);
  for (let i = 0; i < hrp.length; i++) values.push(hrp.charCodeAt(i) & 31);
  for (const c of v.slice(pos + 1)) {
    const x = BECH32.indexOf(c);
    if (x < 0) return false;
    values.push(x);
  }
  let chk = 1;
  for (const x of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ x;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GEN[i]!;
  }
  return chk === 1 || chk === 0x2bc830a3;
}

/** German pension insurance number (Rentenversicherungsnummer): letter as its 2-digit position, weights 2,1,2,5,7,1,2,1,2,1,2,1. */
export function deRvnr(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^\d{8}[A-Z]\d{3}$/.test(v)) return false;
  const n = v.slice(0, 8) + String(v.charCodeAt(8) - 64).padStart(2, '0') + v.slice(9, 11);
  const w = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];
  let s = 0;
  for (let i = 0; i < 12; i++) {
    const p = d(n, i) * w[i]!;
    s += Math.floor(p / 10) + (p % 10);
  }
  return s % 10 === d(v, 11);
}

/**
 * ISO 13616 check digits of an upper-case IBAN of letters and digits, as ibantools computes them:
 * 98 minus (BBAN, country code, "00", letters as 10-35) mod 97 equals the digits at 2-3.
 */
export function ibanCheckDigits(iban: string): boolean {
  let rest = 0;
  const add = (c: number): void => {
    rest = c >= 65 ? (rest * 100 + c - 55) % 97 : (rest * 10 + c - 48) % 97;
  };
  for (let i = 4; i < iban.length; i++) add(iban.charCodeAt(i));
  add(iban.charCodeAt(0));
  add(iban.charCodeAt(1));
  add(48);
  add(48);
  return 98 - rest === Number.parseInt(iban.slice(2, 4), 10);
}
