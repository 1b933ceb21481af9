/** Sentence splitting and claim recognition shared by CitationRequired and HallucinationRisk. */

export interface Sentence {
  start: number;
  end: number;
  text: string;
}

/** Splits after . ! ? (followed by whitespace or the end) and at newlines, keeping offsets. Linear. */
export function sentences(text: string, max = 2000): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const t = raw.trim();
    if (t) out.push({ start: start + raw.indexOf(t[0] ?? ''), end: start + raw.trimEnd().length, text: t });
    start = end;
  };
  for (let i = 0; i < text.length && out.length < max; i++) {
    const c = text[i];
    if (c === '\n') push(i + 1);
    else if ((c === '.' || c === '!' || c === '?') && (i + 1 === text.length || /\s/.test(text[i + 1] ?? '')))
      push(i + 1);
  }
  if (out.length < max) push(text.length);
  return out;
}

/** Statistics, research attributions and encyclopaedic facts: the claims that want a citation. */
export const CLAIM_PATTERNS: ReadonlyArray<{ type: string; re: RegExp }> = [
  {
    type: 'statistic',
    re: /(?<![\d.,])\d[\d,.]{0,20}\s?(?:%|percent\b|per\s?cent\b)|(?<![\d.])\d{1,15}(?:\.\d{1,5})?\s(?:million|billion|trillion)\b|(?<!\d)\d{1,9}\s(?:out\s)?of\s(?:every\s)?\d{1,9}\b/i,
  },
  {
    type: 'research_claim',
    re: /\b(?:studies|research|scientists|researchers|experts|surveys?|data|evidence|statistics|a\s(?:study|report|survey|poll))\s(?:show|shows|showed|found|finds|suggest|suggests|indicate|indicates|prove|proves|proved|confirm|confirms|reveal|reveals|say|says)\b/i,
  },
  {
    type: 'factual_claim',
    re: /\b(?:the\scapital\sof|was\sfounded\sin|was\sborn\sin|was\sestablished\sin|died\sin|was\sinvented\sin|is\sthe\s(?:largest|smallest|tallest|oldest|first|most|least|highest|lowest|longest)|has\sa\spopulation\sof|(?:in|since|by)\s(?:1[5-9]|20)\d{2}\b)/i,
  },
];
export const OPINION =
  /\b(?:I\s(?:think|believe|feel|guess)|in\smy\s(?:opinion|view)|personally|it\sseems|maybe|perhaps|might|could\sbe)\b/i;

/** Citation forms: [1], [^2], [S1], (Smith, 2020), (Smith et al. 2019), URLs, DOIs, "Source:"/"References" lines. */
export const CITATIONS: readonly RegExp[] = [
  /\[\^?\d{1,3}(?:[,\u2013-]\s?\d{1,3}){0,5}\]/g,
  /\[(?:source|ref|S)\s?\d{0,3}\]/gi,
  /\([A-Z][\p{L}'-]{1,40}(?:\set\sal\.?|\s(?:and|&)\s[A-Z][\p{L}'-]{1,40})?,?\s(?:1[6-9]|20)\d{2}[a-z]?\)/gu,
  /https?:\/\/[^\s)>\]]{3,2000}/gi,
  /\b10\.\d{4,9}\/[-._;()/:A-Za-z0-9]{1,200}/g,
  /^[ \t]{0,3}(?:sources?|references?|citations?|bibliography)\s?:/gim,
];

/** How many citations the text carries (each form counted separately, bounded). */
export function countCitations(text: string, max = 1000): number {
  let n = 0;
  for (const re of CITATIONS) {
    for (const _ of text.matchAll(re)) if (++n >= max) return n;
  }
  return n;
}

export function hasCitation(text: string): boolean {
  return CITATIONS.some((re) => {
    re.lastIndex = 0;
    const found = re.test(text);
    re.lastIndex = 0;
    return found;
  });
}

export function claimTypes(s: string): string[] {
  if (OPINION.test(s)) return [];
  return CLAIM_PATTERNS.filter((p) => p.re.test(s)).map((p) => p.type);
}
