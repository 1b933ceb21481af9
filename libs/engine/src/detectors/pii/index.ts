export {
  analyze,
  applyRedactions,
  isPiiEntity,
  OPERATORS,
  type Operator,
  replacementFor,
  resolveOverlaps,
} from './analyze.ts';
export { compilePiiCheck, type PiiConfig, piiConfigShape } from './config.ts';
export { PII_ENTITIES, type PiiEntity, type PiiMatch } from './types.ts';
