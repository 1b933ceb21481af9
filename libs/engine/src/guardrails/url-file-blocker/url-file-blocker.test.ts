import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { FILE_TOKEN, FILE_URL, urlFileBlocker as g, UNIX_PATH, WINDOWS_PATH } from './url-file-blocker.ts';

const types = (text: string, config: Record<string, unknown> = {}) =>
  (checker(g, config)(text).details?.types as string[]) ?? [];

describe('UrlFileBlocker', () => {
  it('passes prose look-alikes (regression: "and/or")', () => {
    expect(types('You can use tea and/or coffee; 1/2 cup; Node.js and config.json, e.g. this.')).toEqual([]);
    expect(types('Write to jane@example.com about version 2.4.1.')).toEqual([]);
  });
  it('finds URLs, bare domains and IPs outside the allow-list', () => {
    expect(types('see https://evil.example.org/x')).toEqual(['url']);
    expect(types('go to www.google.com now')).toEqual(['domain']);
    expect(types('server 203.0.113.5')).toEqual(['ip_address']);
    expect(
      types('https://docs.example.com/a and example.com', {
        allowedDomains: ['example.com', '*.example.com'],
      }),
    ).toEqual([]);
  });
  it('decodes punycode and catches homoglyph look-alikes of allowed domains', () => {
    expect(types('https://xn--pple-43d.com/login', { allowedDomains: ['apple.com'] })).toEqual([
      'lookalike_domain',
    ]);
    expect(types('https://раураl.com/', { allowedDomains: ['paypal.com'] })).toEqual(['lookalike_domain']);
    expect(types('https://xn--mnchen-3ya.de/')).toEqual(['idn_domain']);
  });
  it('finds paths and sensitive files', () => {
    expect(types('cat /etc/passwd')).toEqual(['file_path']);
    expect(types('C:\\Windows\\System32\\drivers')).toEqual(['file_path']);
    expect(types('copy the .env file')).toEqual(['sensitive_file']);
    expect(types('upload backup.sqlite and server.pem')).toEqual(['sensitive_file']);
    expect(types('open file:///home/me/notes.txt')).toContain('file_url');
  });
  it('uses linear-time patterns', async () => {
    for (const re of [UNIX_PATH, WINDOWS_PATH, FILE_TOKEN, FILE_URL])
      expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 120_000);
});
