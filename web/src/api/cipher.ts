import { FIELD_CIPHER } from '../config';

/** The field cipher's code (crypto-js) loads when a password is about to be sent, not with the page. */
const loadCipher = () => import('@loan/domain/cipher');

/** Starts loading the cipher early, when the borrower starts typing a password (its first focus). */
export function preloadPasswordCipher(): void {
  void loadCipher();
}

/** Password fields travel as field-cipher text (docs/PRODUCT.md §7); the server decrypts them. */
export async function encryptPassword(plain: string): Promise<string> {
  const { encryptField } = await loadCipher();
  return encryptField(plain, FIELD_CIPHER);
}
