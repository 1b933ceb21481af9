import { z } from 'zod';
import { defineGuardrail } from '../../core/define.ts';
import { matchFinding } from '../../core/preview.ts';
import type { Finding } from '../../core/types.ts';

const CONDITION =
  "(?:diabetes|cancer|a\\stumou?r|hiv|aids|covid(?:-19)?|an?\\s(?:infection|stroke|heart\\sattack|ulcer|std|sti)|depression|anxiety\\sdisorder|adhd|autism|asthma|hypertension|high\\sblood\\spressure|pneumonia|appendicitis|lupus|multiple\\ssclerosis|dementia|alzheimer(?:'s)?|bipolar(?:\\sdisorder)?|schizophrenia|strep(?:\\sthroat)?|the\\sflu|covid|migraines?|an?\\seating\\sdisorder|lyme\\sdisease|celiac\\sdisease|a\\sconcussion)";
const DRUG =
  '(?:antibiotics?|amoxicillin|ibuprofen|paracetamol|acetaminophen|aspirin|insulin|metformin|prednisone|xanax|valium|adderall|oxycodone|morphine|codeine|tramadol|sertraline|prozac|zoloft|lexapro|ssris?|antidepressants?|benzodiazepines?|opioids?|statins?|warfarin|steroids?|melatonin|lithium|your\\s(?:meds|medication|medicine|pills|dose))';

/** Requests for individual advice (input) and individual advice given (output). */
export const MEDICAL_PATTERNS: ReadonlyArray<{ type: string; weight: number; re: RegExp }> = [
  {
    type: 'diagnosis',
    weight: 0.9,
    re: new RegExp(
      `\\byou\\s(?:most\\slikely\\s|probably\\s|definitely\\s|clearly\\s)?(?:have|are\\ssuffering\\sfrom|are\\sdiagnosed\\swith)\\s${CONDITION}\\b`,
      'i',
    ),
  },
  {
    type: 'dosage',
    weight: 0.9,
    re: /\b(?:take|taking|give|use)\s(?:\w{1,20}\s){0,3}?\d{1,5}(?:\.\d{1,3})?\s?(?:mg|mcg|µg|g|ml|iu|units?|tablets?|pills?|capsules?)\b/i,
  },
  {
    type: 'dosage',
    weight: 0.9,
    re: /\b\d{1,5}\s?(?:mg|mcg|ml|tablets?|pills?)\s(?:once|twice|three\stimes|every\s\d{1,2}\s?h(?:ours?)?|daily|a\sday|per\sday|at\sbedtime)\b/i,
  },
  {
    type: 'medication_directive',
    weight: 0.6,
    re: new RegExp(
      `\\byou\\s(?:should|must|need\\sto|have\\sto|ought\\sto)\\s(?:start\\s|stop\\s|keep\\s|continue\\s)?(?:taking\\s|take\\s|using\\s|use\\s)${DRUG}\\b`,
      'i',
    ),
  },
  {
    type: 'dose_change',
    weight: 0.7,
    re: /\b(?:increase|decrease|double|halve|reduce|stop|skip)\s(?:your|the)\s(?:dose|dosage|medication|insulin|meds)\b/i,
  },
  {
    type: 'advice_request',
    weight: 0.7,
    re: new RegExp(
      `\\b(?:should|can|could|may)\\si\\s(?:take|stop\\staking|mix|combine|double|increase|use)\\s(?:\\w{1,20}\\s){0,2}?${DRUG}|\\bhow\\s(?:much|many)\\s(?:\\w{1,20}\\s){0,2}?(?:should|can)\\si\\s(?:take|give)\\b|\\bwhat\\s(?:medication|medicine|drug|dose|dosage|pills?)\\s(?:should|can)\\si\\b`,
      'i',
    ),
  },
  {
    type: 'diagnosis_request',
    weight: 0.7,
    re: new RegExp(
      `\\b(?:do|could|might)\\si\\shave\\s${CONDITION}|\\bwhat\\s(?:disease|condition|illness)\\s(?:do|might|could)\\si\\shave\\b|\\b(?:diagnose|what'?s\\swrong\\swith)\\sme\\b|\\bis\\sit\\ssafe\\sfor\\sme\\sto\\s(?:take|stop|mix)\\b`,
      'i',
    ),
  },
];

export const medicalAdvice = defineGuardrail({
  name: 'MedicalAdvice',
  stages: ['input', 'output'],
  category: 'content-safety',
  description:
    'Detects individual medical advice: diagnoses addressed to the reader ("you have diabetes"), dosages ("take 500 mg twice daily"), medication directives and dose changes, and requests for them ("how much ibuprofen should I take", "do I have cancer"). General health information and first aid pass; a "not medical advice" disclaimer does not clear a dosage.',
  defaultSeverity: 'medium',
  config: {
    threshold: z
      .number()
      .gt(0)
      .max(1)
      .default(0.6)
      .describe('Score from which the text counts as individual medical advice.'),
    allowRequests: z
      .boolean()
      .default(false)
      .describe('Only flag advice given (output), not requests for it.'),
  },
  example: { threshold: 0.6, severity: 'medium' },
  create(config) {
    const patterns = config.allowRequests
      ? MEDICAL_PATTERNS.filter((p) => !p.type.endsWith('request'))
      : MEDICAL_PATTERNS;
    return ({ text }) => {
      const findings: Finding[] = [];
      let score = 0;
      for (const p of patterns) {
        const m = p.re.exec(text);
        if (!m) continue;
        findings.push(matchFinding(p.type, text, m, p.weight));
        score = 1 - (1 - score) * (1 - p.weight);
      }
      if (score < config.threshold)
        return { passed: true, message: 'No individual medical advice', findings, score };
      const types = [...new Set(findings.map((f) => f.type))];
      return {
        passed: false,
        message: `Individual medical advice: ${types.join(', ')}`,
        findings,
        score,
        details: { types },
      };
    };
  },
});
