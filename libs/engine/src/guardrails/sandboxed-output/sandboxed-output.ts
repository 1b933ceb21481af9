import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { excerpt } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';
import { compileGlobs } from '../../detectors/glob/glob.ts';
import { insideRanges, markdownCodeRanges } from './code-ranges.ts';

/** Elements that run code or load foreign documents when rendered. */
export const ACTIVE_TAG =
  /<\s?\/?\s?(?:script|iframe|object|embed|applet|frame|frameset|base|form|portal)\b/gi;
/** Any start tag, bounded, to inspect its attributes. */
export const START_TAG = /<[a-z][a-z0-9-]{0,30}(?:\s[^<>]{0,2000})?>/gi;
export const EVENT_ATTR = /\son[a-z]{3,30}\s{0,5}=/i;
export const META_REFRESH = /<meta\s[^<>]{0,500}http-equiv\s{0,3}=\s{0,3}["']?refresh/gi;
/** Script-bearing URL schemes in attributes or Markdown links. */
export const SCRIPT_URL =
  /(?:\b(?:href|src|action|formaction|xlink:href|data)\s{0,3}=\s{0,3}["']?\s{0,3}|\]\(\s{0,3}<?)(?:javascript|vbscript|livescript|data:text\/html)\s{0,3}:?/gi;
/** Markdown images and links `![alt](url)` / `[text](url)`, and reference definitions `[id]: url`. */
export const MD_LINK = /(!?)\[[^[\]\n]{0,500}\]\(\s{0,3}<?((?:https?:)?\/\/[^\s)>]{1,2000})/g;
export const MD_REF_DEF = /^ {0,3}\[[^[\]\n]{1,200}\]:\s{0,5}<?((?:https?:)?\/\/[^\s>]{1,2000})/gm;
/** HTML images and other auto-loading sources. */
export const HTML_SRC =
  /<(?:img|image|video|audio|source|link|input)\b[^<>]{0,2000}?\b(?:src|href|srcset|poster)\s{0,3}=\s{0,3}["']?((?:https?:)?\/\/[^\s"'<>]{1,2000})/gi;

function host(url: string): string {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Whether a URL carries data: a query string, or a long opaque path segment. */
function carriesData(url: string): boolean {
  try {
    const u = new URL(url.startsWith('//') ? `https:${url}` : url);
    if (u.search.length > 1 || u.hash.length > 16) return true;
    return u.pathname
      .split('/')
      .some((seg) => seg.length >= 24 && /^[A-Za-z0-9+_=%-]+$/.test(seg) && /\d/.test(seg));
  } catch {
    return true;
  }
}

export const sandboxedOutput = defineGuardrail({
  name: 'SandboxedOutput',
  stages: ['output'],
  category: 'output-safety',
  description:
    'Finds output that would escape a rendering sandbox: <script>/<iframe>/<object>/<form> and similar tags, on* event handlers, meta refresh, javascript:/vbscript: URLs, and Markdown or HTML images (and data-carrying links) that exfiltrate data to non-allow-listed domains, e.g. `![](https://x/?q=<data>)`. Markdown code spans and code blocks are shown as text, so what they hold is skipped unless `codeIsText` is false.',
  defaultSeverity: 'high',
  supportsRedaction: true,
  config: {
    allowedDomains: z
      .array(z.string().min(1).max(253))
      .max(500)
      .default([])
      .describe('Domains (globs like `*.example.com`) that images and links may point to freely.'),
    blockExternalImages: z
      .boolean()
      .default(false)
      .describe('Fail on any image from a non-allow-listed domain, not only those carrying data.'),
    checkLinks: z
      .boolean()
      .default(true)
      .describe('Also fail on clickable links that carry data to non-allow-listed domains.'),
    codeIsText: z
      .boolean()
      .default(true)
      .describe(
        'Skip what lies inside Markdown code spans and fenced code blocks, which Markdown renderers show as text ("add `<script src=app.js>` to the page"). Set false when output is inserted as raw HTML.',
      ),
  },
  example: { allowedDomains: ['*.example.com', 'upload.wikimedia.org'], blockExternalImages: true },
  create(config) {
    const allowed = compileGlobs(config.allowedDomains);
    const hostAllowed = (h: string) => h !== '' && allowed(h);
    return ({ text }) => {
      const findings: Finding[] = [];
      // Found only when a finding needs them: most outputs have none.
      let code: Array<[number, number]> | undefined;
      const add = (type: string, start: number, end: number) => {
        if (config.codeIsText) code ??= markdownCodeRanges(text);
        if (!code || !insideRanges(code, start, end))
          findings.push({ type, start, end, preview: excerpt(text, start, end) });
      };
      const mayHaveHtml = text.includes('<');
      if (mayHaveHtml) {
        for (const m of text.matchAll(ACTIVE_TAG)) add('active_html', m.index, m.index + m[0].length);
        for (const m of text.matchAll(START_TAG))
          if (EVENT_ATTR.test(m[0])) add('event_handler', m.index, m.index + m[0].length);
        for (const m of text.matchAll(META_REFRESH)) add('meta_refresh', m.index, m.index + m[0].length);
      }
      for (const m of text.matchAll(SCRIPT_URL)) add('script_url', m.index, m.index + m[0].length);
      const judge = (url: string, image: boolean, start: number, end: number) => {
        if (hostAllowed(host(url))) return;
        if (carriesData(url)) add(image ? 'image_exfiltration' : 'link_exfiltration', start, end);
        else if (image && config.blockExternalImages) add('external_image', start, end);
      };
      if (text.includes('](')) {
        for (const m of text.matchAll(MD_LINK)) {
          const image = m[1] === '!';
          if (image || config.checkLinks) judge(m[2] ?? '', image, m.index, m.index + m[0].length);
        }
      }
      if (text.includes(']:')) {
        for (const m of text.matchAll(MD_REF_DEF)) judge(m[1] ?? '', true, m.index, m.index + m[0].length);
      }
      if (mayHaveHtml) {
        for (const m of text.matchAll(HTML_SRC)) judge(m[1] ?? '', true, m.index, m.index + m[0].length);
      }
      if (findings.length === 0) return { passed: true, message: 'Output is safe to render' };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Output could escape its rendering sandbox: ${types.join(', ')}`,
        findings,
        redactions: findings.map((f) => ({ start: f.start, end: f.end, replacement: '[REMOVED]' })),
        details: { types },
      };
    };
  },
});
