import { RE2JS } from 're2js';
import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import type { Finding } from '../../core/types.ts';
import { foldText, matchFamilies, type PatternFamily } from '../../detectors/content/folded.ts';
import { PatternGate } from '../../detectors/content/gate.ts';

export const DANGER_CATEGORIES = [
  'command-injection',
  'sql-injection',
  'xss',
  'malware',
  'exploit',
  'weapons',
  'fraud',
] as const;
type DangerCategory = (typeof DANGER_CATEGORIES)[number];

/** Payload patterns on the raw text (case-insensitive). All linear-time (recheck-tested). */
export const PAYLOAD_PATTERNS: Array<{
  category: DangerCategory;
  pattern: RegExp;
  /** Extra check on the match (kept out of the regex so that the regex stays linear). */
  verify?: (text: string, index: number) => boolean;
}> = [
  {
    category: 'command-injection',
    pattern:
      /\brm\s{1,10}(?:-[a-z]{0,5}r[a-z]{0,5}f[a-z]{0,5}|-[a-z]{0,5}f[a-z]{0,5}r[a-z]{0,5}|--recursive\s{1,10}--force|--force\s{1,10}--recursive)\s{1,10}(?:--no-preserve-root\s{1,10})?(?:\/|~|\*|\$HOME|\.\/?\*?)(?=$|[\s;&|'"`)])/gi,
  },
  {
    // `curl … | sh`: the pipe into a shell, with curl or wget earlier on the same line.
    category: 'command-injection',
    pattern: /\|\s{0,5}(?:sudo\s{1,5})?(?:ba|z|da|k)?sh\b/gi,
    verify: (text, index) => {
      const lineStart = text.lastIndexOf('\n', index) + 1;
      return /\b(?:curl|wget)\s/i.test(text.slice(Math.max(lineStart, index - 300), index));
    },
  },
  {
    // powershell -enc <base64>: the encoded-command switch, with powershell earlier on the line.
    category: 'command-injection',
    pattern: /\s-e(?:nc(?:odedcommand)?)?\s{1,5}[A-Za-z0-9+/=]{16,}/gi,
    verify: (text, index) => {
      const lineStart = text.lastIndexOf('\n', index) + 1;
      return /\bpowershell(?:\.exe)?\b/i.test(text.slice(Math.max(lineStart, index - 200), index));
    },
  },
  {
    category: 'command-injection',
    pattern: /:\(\)\s{0,3}\{\s{0,3}:\s{0,3}\|\s{0,3}:\s{0,3}&\s{0,3}\}\s{0,3};\s{0,3}:/g,
  },
  {
    category: 'command-injection',
    pattern:
      /\b(?:mkfs(?:\.[a-z0-9]{1,8})?\s{1,5}\/dev\/[a-z]{2,8}|dd\s{1,5}if=\/dev\/(?:zero|random|urandom)\s{1,5}of=\/dev\/[a-z]{2,8}|chmod\s{1,5}-R\s{1,5}777\s{1,5}\/(?=$|\s)|>\s{0,3}\/dev\/sda)/gi,
  },
  {
    category: 'command-injection',
    pattern:
      /(?:;|&&|\|\||`|\$\()\s{0,5}(?:cat\s{1,5}\/etc\/(?:passwd|shadow)|nc\s{1,5}-[a-z]{0,4}e\s|bash\s{1,5}-i\s{1,5}>&\s{0,3}\/dev\/tcp\/)/gi,
  },
  {
    category: 'command-injection',
    pattern: /\bbash\s{1,5}-i\s{1,5}>&\s{0,3}\/dev\/tcp\/[\w.-]{1,100}\/\d{1,5}/gi,
  },
  {
    category: 'sql-injection',
    pattern:
      /['"`]\s{0,5}\)?\s{0,5}(?:or|and)\s{1,5}\(?\s{0,5}['"`]?\w{1,20}['"`]?\s{0,5}=\s{0,5}['"`]?\w{1,20}/gi,
  },
  {
    // UNION SELECT that reads something: FROM, NULL columns or server facts within the line.
    category: 'sql-injection',
    pattern: /\bunion(?:\s{1,10}all)?\s{1,10}select\b/gi,
    verify: (text, index) =>
      /\b(?:from|null|@@version|version\(\)|information_schema|user\(\))/i.test(
        text.slice(index, index + 240).split('\n')[0]!,
      ),
  },
  {
    category: 'sql-injection',
    pattern:
      /['"`]?\s{0,5};\s{0,5}(?:drop\s{1,5}(?:table|database)|delete\s{1,5}from|truncate\s{1,5}table|shutdown|exec(?:ute)?\s{1,5}xp_cmdshell)\b/gi,
  },
  // A quote closed and the rest of the query commented out (`admin'--`). Not a command-line flag or
  // a Markdown code span that opens one ("pass `--port`", "`#include`").
  { category: 'sql-injection', pattern: /['"`]\s{0,5}(?:--|#|\/\*)(?![\w-])/g },
  {
    category: 'sql-injection',
    pattern:
      /\b(?:sleep\s{0,3}\(\s{0,3}\d{1,3}\s{0,3}\)|benchmark\s{0,3}\(\s{0,3}\d{5,}|waitfor\s{1,5}delay\s{1,5}['"]\d)/gi,
  },
  { category: 'xss', pattern: /<\s{0,3}\/?\s{0,3}script\b/gi },
  {
    // An event-handler attribute inside an HTML tag: <img src=x onerror=...>.
    category: 'xss',
    pattern: /\bon(?:error|load|mouseover|focus|click|toggle|begin)\s{0,3}=/gi,
    verify: (text, index) => {
      const lt = text.lastIndexOf('<', index);
      if (lt < 0 || index - lt > 300 || text.slice(lt, index).includes('>')) return false;
      return /^<\s{0,3}(?:img|svg|body|iframe|video|audio|details|input|a|div|object|embed|image|marquee|style|link)\b/i.test(
        text.slice(lt, lt + 20),
      );
    },
  },
  {
    category: 'xss',
    pattern:
      /\b(?:javascript|vbscript)\s{0,3}:\s{0,3}(?:alert|prompt|confirm|eval|document\.|window\.|fetch)/gi,
  },
  {
    category: 'xss',
    pattern:
      /\bdocument\.cookie\b[^\n]{0,100}(?:fetch|location|src\s{0,3}=|xmlhttprequest|new\s{1,3}image)/gi,
  },
];

const re = (s: string) => new RegExp(`\\b${s}\\b`, 'g');
/** The writer asking how to do something, up to the verb ("how do I", "tell me how to", "I want to"). */
const ASKING_HOW =
  '(?:how (?:do|can|could|would|should|might) (?:i|we|you|one)|how to|tell me how to|teach me(?: how)?(?: to)?|show me how to|help me|ways to|steps to|i (?:want|need) to|(?:can|could|will|would) you|write (?:a|an|me a) (?:script|program|tool|bot))';

export const REQUEST_FAMILIES: PatternFamily[] = [
  {
    category: 'malware',
    weight: 0.9,
    pattern: re(
      '(?:(?:write|create|build|develop|code|make|generate|program|design|give me|provide)(?: [a-z]+){0,3} (?:malware|ransomware|spyware|a keylogger|keyloggers|a trojan|a rootkit|a botnet|a computer virus|a virus|a worm|a backdoor|a cryptominer|a stealer|an infostealer|a rat|a remote access trojan)|(?:encrypts?|encrypting) (?:all )?(?:the )?(?:files|data) (?:and|then) (?:demands?|asks? for) (?:a )?ransom|(?:evade|bypass|avoid) (?:antivirus|av|edr|detection by antivirus))',
    ),
  },
  {
    category: 'exploit',
    weight: 0.8,
    // Attack actions count only when the writer asks how to do them: a patch note ("fixes a
    // privilege escalation"), a pentest report ("attackers could bypass authentication"), a victim
    // ("someone tried to hack into my email") or "how do hackers crack passwords?" is no request.
    pattern: re(
      `(?:(?:write|create|develop|give me|provide|build)(?: [a-z]+){0,3} (?:an exploit|exploit code|a zero day|a payload|shellcode)|${ASKING_HOW}(?: [a-z']+){0,4} (?:exploit (?:a |the |this )?(?:vulnerability|vuln|cve|buffer overflow)|hack into|gain (?:unauthorized|unauthorised) access|privilege escalation|escalate (?:my )?privileges|bypass (?:authentication|the login|2fa|two factor)|ddos (?:attack|a website|a server)|crack (?:passwords?|the password|wifi|wpa)))`,
    ),
  },
  {
    category: 'weapons',
    weight: 1,
    pattern: re(
      '(?:(?:make|build|assemble|construct|create|manufacture|synthesi[sz]e|produce|cook|brew|3d print)(?: [a-z]+){0,3} (?:a bomb|bombs|a pipe bomb|an explosive|explosives|an ied|a grenade|napalm|thermite|a molotov cocktail|molotov cocktails|nerve agent|nerve gas|sarin|ricin|anthrax|mustard gas|chlorine gas|a chemical weapon|chemical weapons|a bioweapon|a biological weapon|a dirty bomb|a nuclear weapon|a ghost gun|an untraceable gun|an untraceable firearm|a silencer|a suppressor|a gun|a firearm|meth|methamphetamine|fentanyl)|improvised explosive devices?|convert (?:a |an |my )?(?:ar 15|rifle|gun|glock) to (?:full auto|fully automatic|automatic))',
    ),
  },
  {
    category: 'fraud',
    weight: 0.7,
    pattern: re(
      '(?:credit card (?:generator|skimmer|skimming|dumps?)|carding|(?:generate|create|write)(?: [a-z]+){0,2} (?:a phishing (?:email|page|site|kit)|phishing (?:emails|pages|sites))|bypass (?:otp|the otp|sms verification)|launder (?:money|crypto|bitcoin)|counterfeit (?:money|bills|currency)|fake (?:ids?|passports?) (?:that|which) (?:pass|work))',
    ),
  },
];

/** Payload gates per set of enabled patterns (building one derives the patterns' prefixes). */
const payloadGates = new Map<string, PatternGate>();

export const dangerousPatterns = defineGuardrail({
  name: 'DangerousPatterns',
  stages: ['input', 'output', 'tool'],
  category: 'content-safety',
  description:
    'Detects requests for malware, exploits, weapons and fraud tooling, and live attack payloads: destructive shell commands (a bare `rm -rf /`, `curl … | sh`, fork bombs), SQL injection and XSS payloads — not every `;` or `(`.',
  defaultSeverity: 'critical',
  config: {
    categories: z
      .array(z.enum(DANGER_CATEGORIES))
      .min(1)
      .default([...DANGER_CATEGORIES])
      .describe('Categories checked.'),
    strictMode: z
      .boolean()
      .default(false)
      .describe('Without it, fraud findings only warn (pass with findings).'),
    customPatterns: z
      .array(z.string().min(1).max(500))
      .max(100)
      .default([])
      .describe('Extra patterns (RE2 syntax, linear time, case-insensitive), reported as category "custom".'),
  },
  example: {
    severity: 'critical',
    categories: ['command-injection', 'sql-injection', 'xss', 'malware'],
    strictMode: false,
  },
  create(config) {
    const enabled = new Set<string>(config.categories);
    const payloads = PAYLOAD_PATTERNS.filter((p) => enabled.has(p.category));
    const requests = REQUEST_FAMILIES.filter((f) => enabled.has(f.category));
    const custom = config.customPatterns.map((p) => RE2JS.compile(p, RE2JS.CASE_INSENSITIVE));
    // One pass over the text for all payload patterns (same matches as a matchAll per pattern).
    const key = payloads.map((p) => PAYLOAD_PATTERNS.indexOf(p)).join(',');
    let gate = payloadGates.get(key);
    if (!gate) {
      gate = new PatternGate(payloads.map((p) => p.pattern));
      payloadGates.set(key, gate);
    }
    return ({ text }) => {
      const findings: Finding[] = [];
      gate.run(
        text,
        10,
        (k, index, matched) => {
          findings.push({
            type: payloads[k]!.category,
            start: index,
            end: index + matched.length,
            score: 1,
            preview: matched.slice(0, 80),
          });
        },
        (k, index) => {
          const verify = payloads[k]!.verify;
          return !verify || verify(text, index);
        },
      );
      if (requests.length > 0) {
        const folded = foldText(text);
        for (const h of matchFamilies(folded, requests, 10)) {
          findings.push({
            type: h.category,
            start: h.start,
            end: h.end,
            score: h.weight,
            preview: h.matched.slice(0, 80),
          });
        }
      }
      for (const c of custom) {
        const m = c.matcher(text);
        if (m.find())
          findings.push({
            type: 'custom',
            start: m.start(),
            end: m.end(),
            score: 1,
            preview: (m.group() ?? '').slice(0, 80),
          });
      }
      if (findings.length === 0) return { passed: true, message: 'No dangerous patterns found' };
      const categories = [...new Set(findings.map((f) => f.type))];
      const blocking = categories.filter((c) => config.strictMode || c !== 'fraud');
      const details = { categories };
      if (blocking.length === 0)
        return {
          passed: true,
          message: `Possible dangerous content (${categories.join(', ')})`,
          findings,
          details,
        };
      return {
        passed: false,
        message: `Dangerous content: ${categories.join(', ')}`,
        findings: findings.slice(0, 50),
        score: 1,
        details,
      };
    };
  },
});
