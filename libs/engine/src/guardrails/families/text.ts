import type { DefinedGuardrail } from '../../core/define.ts';
import { banSubstrings } from '../ban-substrings/ban-substrings.ts';
import { banTopics } from '../ban-topics/ban-topics.ts';
import { binaryAttachment } from '../binary-attachment/binary-attachment.ts';
import { code } from '../code/code.ts';
import { competitors } from '../competitors/competitors.ts';
import { defamation } from '../defamation/defamation.ts';
import { gibberish } from '../gibberish/gibberish.ts';
import { languageRestriction } from '../language-restriction/language-restriction.ts';
import { languageSame } from '../language-same/language-same.ts';
import { medicalAdvice } from '../medical-advice/medical-advice.ts';
import { noRefusal } from '../no-refusal/no-refusal.ts';
import { politicalPersuasion } from '../political-persuasion/political-persuasion.ts';
import { regexFilter } from '../regex-filter/regex-filter.ts';
import { rightToErasure } from '../right-to-erasure/right-to-erasure.ts';
import { urlFileBlocker } from '../url-file-blocker/url-file-blocker.ts';

export const textGuardrails: DefinedGuardrail[] = [
  urlFileBlocker,
  binaryAttachment,
  languageRestriction,
  languageSame,
  regexFilter,
  banSubstrings,
  banTopics,
  competitors,
  gibberish,
  code,
  noRefusal,
  medicalAdvice,
  defamation,
  politicalPersuasion,
  rightToErasure,
];
