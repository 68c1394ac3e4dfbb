import { FIELD_CIPHER } from '../config';

/** The field cipher's code (crypto-js) loads when a secret is about to be sent, not with the page. */
const loadCipher = () => import('@loan/domain/cipher');

/** Starts loading the cipher early, when the borrower starts typing a secret (the field's first focus). */
export function preloadCipher(): void {
  void loadCipher();
}

/**
 * A secret the borrower types (a password, a store's authorisation token) as field-cipher text (docs/PRODUCT.md
 * §7; the server decrypts it), the cipher's code loaded on first use: the modules that send one stay free of
 * crypto-js, so the pages that import them do too.
 */
export async function encryptSecret(plain: string): Promise<string> {
  const { encryptField } = await loadCipher();
  return encryptField(plain, FIELD_CIPHER);
}
