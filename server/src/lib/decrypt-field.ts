import { FieldCipherError, RSP } from '@loan/domain';
import type { Config } from '../config.ts';
import { ApiError } from './api-error.ts';
import { decryptFieldText } from './field-cipher.ts';

/** Decrypts a password field of a request; malformed cipher text is the user's problem (1003). */
export function decryptFieldOrFail(text: string, config: Pick<Config, 'fieldCipher'>): string {
  try {
    return decryptFieldText(text, config.fieldCipher);
  } catch (error) {
    if (error instanceof FieldCipherError) throw new ApiError(RSP.BAD_CIPHER_TEXT);
    throw error;
  }
}
