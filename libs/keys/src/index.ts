export { base58Encode } from './base58.ts';
export {
  type GeneratedKey,
  generateKey,
  hashKey,
  KEY_DISPLAY_PREFIX_LENGTH,
  KEY_PREFIX,
  parseKey,
} from './keys.ts';
