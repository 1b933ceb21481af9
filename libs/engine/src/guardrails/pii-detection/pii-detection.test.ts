import { describe, expect, it } from 'vitest';
import type { Detection } from '../../core/types.ts';
import { ADDRESS_PATTERNS } from '../../detectors/pii/address.ts';
import { analyze } from '../../detectors/pii/index.ts';
import { MEDICAL_TERMS } from '../../detectors/pii/medical.ts';
import { PATTERNS } from '../../detectors/pii/patterns.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { piiDetection } from './pii-detection.ts';

const caller = { userId: 'u1' };
const run = (text: string, config: Record<string, unknown> = {}): Detection =>
  piiDetection.create(
    piiDetection.configSchema.parse(config),
    {},
  )({
    text,
    stage: 'input',
    context: {},
    caller,
  }) as Detection;
const types = (text: string) => analyze(text, { threshold: 0.5 }).map((m) => m.type);
const found = (text: string) =>
  analyze(text, { threshold: 0.5 }).map((m) => `${m.type}:${text.slice(m.start, m.end)}`);

describe('PIIDetection entities', () => {
  it('email', () => {
    expect(found('write to jane.doe+x@example.co.uk today')).toEqual([
      'EMAIL_ADDRESS:jane.doe+x@example.co.uk',
    ]);
    expect(types('user@localhost and a@b')).toEqual([]);
  });
  it('phone numbers with real validation, not dates, versions or order ids', () => {
    expect(found('call me at (415) 555-2671 please')).toEqual(['PHONE_NUMBER:(415) 555-2671']);
    expect(found('my number is +44 20 7946 0958')).toEqual(['PHONE_NUMBER:+44 20 7946 0958']);
    expect(types('released 2023-10-12, version 1.2.3.4, order 123-456-7890 shipped')).toEqual([]);
    expect(types('timestamp 1699999999 and build 20231012')).toEqual([]);
  });
  it('credit cards pass Luhn and brand rules', () => {
    expect(found('card 4111 1111 1111 1111 ok')).toEqual(['CREDIT_CARD:4111 1111 1111 1111']);
    expect(types('card 4111 1111 1111 1112 ok')).not.toContain('CREDIT_CARD');
    expect(types('4111-1111 1111-1111')).not.toContain('CREDIT_CARD');
  });
  it('IBAN checksum', () => {
    expect(found('IBAN DE89 3704 0044 0532 0130 00 thanks')).toEqual([
      'IBAN_CODE:DE89 3704 0044 0532 0130 00',
    ]);
    expect(types('DE89 3704 0044 0532 0130 01')).toEqual([]);
    expect(found('pay GB82WEST12345698765432 ALL CAPS')).toEqual(['IBAN_CODE:GB82WEST12345698765432']);
  });
  it('US SSN rules', () => {
    expect(found('SSN 078-05-1123')).toEqual(['US_SSN:078-05-1123']);
    for (const bad of ['000-12-3456', '666-12-3456', '123-00-4567', '123-45-0000', '078-05 1123'])
      expect(types(`ssn ${bad}`)).not.toContain('US_SSN');
  });
  it('national ids with check digits', () => {
    expect(types('NIF 12345678Z')).toContain('ES_NIF');
    expect(types('NIF 12345678A')).not.toContain('ES_NIF');
    expect(types('PESEL 44051401458')).toContain('PL_PESEL');
    expect(types('PESEL 44051401459')).not.toContain('PL_PESEL');
    expect(types('Aadhaar 3998 7654 3211')).toContain('IN_AADHAAR');
    expect(types('ABN 51 824 753 556')).toContain('AU_ABN');
    expect(types('NHS 401 023 2137')).toContain('UK_NHS');
    expect(types('NINO AB123456C')).toContain('UK_NINO');
    expect(types('NRIC S2740116C')).toContain('SG_NRIC_FIN');
    expect(types('codice fiscale RSSMRA85T10A562S')).toContain('IT_FISCAL_CODE');
    expect(types('routing 121042882')).toContain('US_BANK_ROUTING');
    expect(types('routing 121042883')).not.toContain('US_BANK_ROUTING');
    expect(types('HETU 131052-308T')).toContain('FI_HETU');
    expect(types('RRN 000505-3637892')).not.toContain('PERSON');
  });
  it('network and wallets', () => {
    expect(found('from 192.168.10.12 today')).toEqual(['IP_ADDRESS:192.168.10.12']);
    expect(types('version 1.2.300.4 and 999.1.1.1')).toEqual([]);
    expect(found('host 2001:db8::ff00:42:8329 up')).toEqual(['IP_ADDRESS:2001:db8::ff00:42:8329']);
    expect(types('meet at 12:30:45')).toEqual([]);
    expect(found('MAC 00:1A:2B:3C:4D:5E')).toEqual(['MAC_ADDRESS:00:1A:2B:3C:4D:5E']);
    expect(found('btc 1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toEqual([
      'CRYPTO_WALLET:1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
    ]);
    expect(types('btc 1BoatSLRHtKNngkdXEeobR76b53LETtpyX')).toEqual([]);
    expect(types('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toEqual(['CRYPTO_WALLET']);
    expect(types('eth 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual(['CRYPTO_WALLET']);
    expect(types('eth 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toEqual([]);
  });
  it('person names in context, not places or firms', () => {
    expect(found('My name is Christine Hertzog.')).toEqual(['PERSON:Christine Hertzog']);
    expect(found('Dear Ms. Okafor, thanks')).toEqual(['PERSON:Okafor']);
    expect(types('Elizabeth Floyd will be talking')).toEqual(['PERSON']);
    expect(types('She moved here from Cape Verde')).toEqual([]);
    expect(types('Russell Investments is a design agency')).toEqual([]);
    expect(types('Diabetes is a chronic condition. Will it rain in May?')).toEqual([]);
    expect(types('Use this and/or that; see the Python docs')).toEqual([]);
  });
  it('lower-case names after name cues, not ordinary words', () => {
    expect(found('my name is mieszko')).toEqual(['PERSON:mieszko']);
    expect(found('follow up with david kowalski in 2 months.')).toEqual(['PERSON:david kowalski']);
    expect(types('follow up with the team in 2 months.')).toEqual([]);
    expect(types('my name is not important')).toEqual([]);
    expect(found("What's your name? Sigurlaug Karlsdóttir")).toEqual(['PERSON:Sigurlaug Karlsdóttir']);
  });
  it('weak id formats only next to their context words', () => {
    // Steuernummer: a slash-grouped number is a date or a ratio without the word
    expect(types('Steuernummer 21/815/08150')).toEqual(['DE_TAX_ID']);
    expect(types('see pages 21/815/08150')).toEqual([]);
    expect(types('Steuernummer: 2181508150123')).toEqual(['DE_TAX_ID']);
    expect(types('build 2181508150123 passed')).toEqual([]);
    // Italian paper identity card
    expect(types("carta d'identità AB1234567")).toEqual(['IT_IDENTITY_CARD']);
    expect(types('AB1234567')).toEqual([]);
    // a context word is required even at a low threshold
    expect(analyze('AB1234567', { threshold: 0.1 }).map((m) => m.type)).not.toContain('IT_IDENTITY_CARD');
    // "Steuer-ID:" is a tax-id context, not the generic "id:" of an order form
    expect(types('Meine Steuer-ID: 86095742719.')).toEqual(['DE_TAX_ID']);
  });
  it('GSTIN, South African ids of residents, German plates with two hyphens', () => {
    expect(types('GSTIN 29AAGCB7383J1Z4')).toEqual(['IN_GSTIN']);
    expect(types('GST number: 27XYZWV4321K1Z8')).toEqual(['IN_GSTIN']);
    expect(types('27XYZWV4321K1Z8')).toEqual([]); // no holder-type letter, no context
    expect(types('ID number 8001015009087')).toEqual(['ZA_ID_NUMBER']); // citizenship 0
    expect(types('ID number 8001015009186')).toEqual(['ZA_ID_NUMBER']); // 1: permanent resident
    expect(types('ID number 8001015009285')).toEqual(['ZA_ID_NUMBER']); // 2: refugee
    expect(types('ID number 8001015009384')).toEqual([]); // Luhn-valid, but 3 is no status
    expect(types('Kennzeichen: HH-AB-1234')).toEqual(['DE_LICENSE_PLATE']);
  });
  it('names after cues even when the word is a place or ordinary word', () => {
    expect(found('Mr. Davis is 50')).toEqual(['PERSON:Davis']);
    expect(found('Friends call me Mark')).toEqual(['PERSON:Mark']);
    expect(found('We named her Lotte')).toEqual(['PERSON:Lotte']);
    expect(types('Dear Ms. Okafor')).toEqual(['PERSON']);
    expect(types('We moved to Davis last year')).toEqual([]);
  });
  it('names before a work noun, surname-shaped pairs, lower-case subjects', () => {
    expect(found('Unlike the Okonkwo novel, this one is short.')).toEqual(['PERSON:Okonkwo']);
    expect(found('unlike the kowalski novel, this one is short.')).toEqual(['PERSON:kowalski']);
    expect(types('Unlike the graphic novel, this one is short.')).toEqual([]);
    expect(types('The Windows version is slower.')).toEqual([]);
    expect(found('He was a huge megan petrova fan.')).toEqual(['PERSON:megan petrova']);
    expect(found('Talk given by Ardak Tokhtarov today')).toEqual(['PERSON:Ardak Tokhtarov']);
    expect(types('Talk given by Fuse TV today')).toEqual([]);
    expect(found('jennifer is a very patient person.')).toEqual(['PERSON:jennifer']);
    expect(types('the jennifer file is a test fixture')).toEqual([]);
  });
  it('lower-case IBAN only with a context word', () => {
    expect(found('my iban is gb82west12345698765432')).toEqual(['IBAN_CODE:gb82west12345698765432']);
    expect(types('gb82west12345698765432')).toEqual([]);
  });
  it('street addresses and dates of birth', () => {
    expect(types('I live at 221B Baker Street, London')).toContain('STREET_ADDRESS');
    expect(types('Send it to Hauptstraße 5')).toContain('STREET_ADDRESS');
    expect(types('It happened in 2019 on 3 occasions')).toEqual([]);
    expect(types('born on 5/4/1936')).toEqual([]); // a date of birth alone is a quasi-identifier
    expect(types('John Smith, born on 5/4/1936')).toEqual(['PERSON', 'DATE_OF_BIRTH']);
  });
});

describe('PIIDetection config and redaction', () => {
  const text = 'Mail jane@example.com or jane@example.com, card 4111111111111111.';
  it('fails with masked previews and typed replacements for every occurrence', () => {
    const r = run(text);
    expect(r.passed).toBe(false);
    expect(r.findings?.map((f) => f.type)).toEqual(['EMAIL_ADDRESS', 'EMAIL_ADDRESS', 'CREDIT_CARD']);
    expect(r.findings?.[2]?.preview).toBe('************1111');
    expect(r.message).not.toContain('jane');
    expect(r.redactions?.map((x) => x.replacement)).toEqual([
      '<EMAIL_ADDRESS>',
      '<EMAIL_ADDRESS>',
      '<CREDIT_CARD>',
    ]);
  });
  it('operators: mask, hash, remove', () => {
    expect(run(text, { operator: 'mask' }).redactions?.[2]?.replacement).toBe('************1111');
    const h = run(text, { operator: 'hash' }).redactions!;
    expect(h[0]!.replacement).toMatch(/^<EMAIL_ADDRESS:[0-9a-f]{12}>$/);
    expect(h[0]!.replacement).toBe(h[1]!.replacement);
    expect(run(text, { operator: 'remove' }).redactions?.[0]?.replacement).toBe('');
  });
  it('entities subset, allow list and threshold', () => {
    expect(run(text, { entities: ['CREDIT_CARD'] }).findings?.map((f) => f.type)).toEqual(['CREDIT_CARD']);
    expect(run(text, { allow: ['JANE@example.com'] }).findings?.map((f) => f.type)).toEqual(['CREDIT_CARD']);
    expect(run('see (415) 555-2671', { threshold: 0.95 }).passed).toBe(true);
    expect(run('see (415) 555-2671').passed).toBe(false);
    expect(piiDetection.configSchema.safeParse({ entities: ['NOPE'] }).success).toBe(false);
    expect(piiDetection.configSchema.safeParse({ operator: 'shred' }).success).toBe(false);
  });
  it('resolves overlaps once: the IBAN wins over numbers inside it', () => {
    const r = run('IBAN GB82 WEST 1234 5698 7654 32');
    expect(r.findings?.map((f) => f.type)).toEqual(['IBAN_CODE']);
    expect(r.redactions).toHaveLength(1);
  });
  it('passes clean text', () => {
    expect(run('The meeting moved to Tuesday; see ticket 4521.').passed).toBe(true);
  });
});

describe('PII patterns are safe and fast', () => {
  it('every built-in pattern is linear (recheck)', async () => {
    const all = [...PATTERNS.map((p) => p.regex), ...ADDRESS_PATTERNS, MEDICAL_TERMS];
    const statuses: Record<string, string> = {};
    for (const r of all) {
      statuses[r.source.slice(0, 60)] = await linearTimeStatus(r);
    }
    const vulnerable = Object.entries(statuses).filter(([, s]) => s !== 'safe');
    expect(vulnerable).toEqual([]);
  }, 300_000);
  it('a 1 MB adversarial input finishes well under a second', () => {
    const cpuMs: Record<string, number> = {};
    for (const unit of ['1', 'a', 'A ', '1 ', '1-', 'a.', 'Aa ', '@a', '1:']) {
      const s = unit.repeat(Math.ceil(1_000_000 / unit.length));
      const before = process.threadCpuUsage();
      analyze(s, { threshold: 0.5 });
      const used = process.threadCpuUsage(before);
      cpuMs[unit] = (used.user + used.system) / 1000;
    }
    // CPU time of this thread, not wall time: on a shared machine the wall clock also counts the
    // time other processes hold the core (and the process's CPU time the checker threads of the
    // recheck test). Worst inputs ('1 ', '1-') take 0.4-0.65 s with the machine at load 8-9, the
    // others 10-330 ms.
    for (const [unit, ms] of Object.entries(cpuMs))
      expect(ms, `CPU ms for ${JSON.stringify(unit)}`).toBeLessThan(1000);
  }, 30_000);
});
