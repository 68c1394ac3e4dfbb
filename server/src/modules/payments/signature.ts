import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a payment gateway notify. */
export const PAY_TIMESTAMP_HEADER = 'x-pay-timestamp';
export const PAY_SIGNATURE_HEADER = 'x-pay-signature';

/** How far a notify's timestamp may be from the server's clock. */
export const NOTIFY_MAX_SKEW_MS = 5 * 60 * 1000;

/** hex HMAC-SHA256(PAYMENT_NOTIFY_SECRET, `${timestamp}.${rawBody}`): what the gateway sends in x-pay-signature. */
export function signNotify(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** Constant-time check of a received signature against the exact bytes received. */
export function notifySignatureValid(
  secret: string,
  timestamp: string,
  rawBody: string,
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signNotify(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
