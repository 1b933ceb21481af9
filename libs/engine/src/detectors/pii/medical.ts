/** Medical facts (diagnoses, conditions, medications, procedures, test results) for PHIAwareness. */

const TERMS = `diabetes|diabetic|cancer|carcinoma|tumou?r|leukemia|lymphoma|melanoma|hiv|aids|hepatitis|tuberculosis|
asthma|copd|hypertension|hypotension|arrhythmia|heart failure|heart attack|myocardial infarction|stroke|epilepsy|seizures?|
depression|depressive|bipolar|schizophrenia|anxiety disorder|ptsd|adhd|autism|dementia|alzheimer'?s?|parkinson'?s?|
multiple sclerosis|arthritis|osteoporosis|lupus|crohn'?s?|colitis|celiac|cirrhosis|kidney disease|renal failure|dialysis|
pneumonia|bronchitis|covid(?:-19)?|influenza|sepsis|obesity|anorexia|bulimia|pregnan(?:t|cy)|miscarriage|abortion|
infertility|std|sti|chlamydia|gonorrh?oea|syphilis|herpes|hpv|fracture|concussion|allerg(?:y|ies)|anemia|anaemia|
thyroid|hypothyroidism|hyperthyroidism|migraine|insomnia|sleep apnea|glaucoma|cataracts?|
insulin|metformin|chemotherapy|chemo|radiotherapy|radiation therapy|antidepressants?|sertraline|fluoxetine|prozac|
zoloft|xanax|lithium|methadone|opioids?|oxycodone|morphine|antibiotics?|amoxicillin|statins?|atorvastatin|lisinopril|
warfarin|prednisone|antiretroviral|prep|adderall|ritalin|ozempic|semaglutide|
surgery|operation|biopsy|mastectomy|appendectomy|transplant|amputation|bypass|catheter|colonoscopy|mri|ct scan|x-ray|
ultrasound|mammogram|blood test|lab results?|test results?|diagnos(?:is|ed|es)|prognosis|prescri(?:bed|ption)|
treated for|treatment for|suffers? from|suffering from|admitted to|discharged|hospitali[sz]ed|icu|rehab|
blood pressure|cholesterol|glucose|hba1c|a1c|viral load|cd4|positive for|negative for|tested positive|medical record|
mrn|patient id|health record`;

/**
 * Word-bounded, case-insensitive; alternation of literals whose words are separated by any run of
 * whitespace (linear). The list's line breaks are layout only.
 */
export const MEDICAL_TERMS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${TERMS.replace(/\n/g, '').replace(/ /g, '\\s+')})(?![\\p{L}\\p{N}])`,
  'giu',
);

export interface MedicalMention {
  start: number;
  end: number;
}

export function findMedicalTerms(text: string): MedicalMention[] {
  const out: MedicalMention[] = [];
  MEDICAL_TERMS.lastIndex = 0;
  for (let m = MEDICAL_TERMS.exec(text); m; m = MEDICAL_TERMS.exec(text))
    out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

/** First-person health statements identify the speaker as the subject ("I was diagnosed with"). */
export const SELF_REFERENCE =
  /(?<![\p{L}])(?:i(?: am|'m| was| have| had|'ve)|my (?:son|daughter|wife|husband|mother|father|mom|dad|child|patient|doctor)|patient)(?![\p{L}])/iu;
