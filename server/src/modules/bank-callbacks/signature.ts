import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a partner-bank callback (domain BankCallbackBody). */
export const BANK_TIMESTAMP_HEADER = 'x-bank-timestamp';
export const BANK_SIGNATURE_HEADER = 'x-bank-signature';

/** How far a callback's timestamp may be from the server's clock. */
export const CALLBACK_MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * hex HMAC-SHA256(the bank's own secret, `${bank}.${timestamp}.${rawBody}`): what a bank sends in x-bank-signature.
 * The bank code is inside the MAC, so a callback signed for one bank is refused on another bank's route.
 */
export function signBankCallback(secret: string, bank: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${bank}.${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** Constant-time check of a received signature against the exact bytes received. */
export function bankSignatureValid(
  secret: string,
  bank: string,
  timestamp: string,
  rawBody: string,
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBankCallback(secret, bank, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
