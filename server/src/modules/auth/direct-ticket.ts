import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

/**
 * A partner's one-time password-free login ticket:
 * base64url(JSON {loginId, exp (unix seconds), nonce}) + "." + base64url(HMAC-SHA256(secret, first part)).
 */
export interface DirectLoginClaims {
  loginId: string;
  /** unix seconds */
  exp: number;
  nonce: string;
}

/** Tickets may not be valid for longer than this (a partner link is for now, not for later). */
const MAX_TICKET_LIFETIME_SECONDS = 24 * 3600;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signDirectLoginTicket(
  secret: string,
  loginId: string,
  options: { now?: Date; expiresInSeconds?: number; nonce?: string } = {},
): string {
  const now = options.now ?? new Date();
  const claims: DirectLoginClaims = {
    loginId,
    exp: Math.floor(now.getTime() / 1000) + (options.expiresInSeconds ?? 600),
    nonce: options.nonce ?? randomBytes(16).toString('hex'),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

function parseClaims(payload: string): DirectLoginClaims | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { loginId, exp, nonce } = value as Record<string, unknown>;
    if (typeof loginId !== 'string' || loginId.length === 0 || loginId.length > 64) return null;
    if (typeof exp !== 'number' || !Number.isInteger(exp)) return null;
    if (typeof nonce !== 'string' || nonce.length < 8 || nonce.length > 128) return null;
    return { loginId, exp, nonce };
  } catch {
    return null;
  }
}

/** The claims of a well-signed, unexpired ticket, or null. The nonce is checked by the caller. */
export function verifyDirectLoginTicket(secret: string, ticket: string, now: Date): DirectLoginClaims | null {
  const parts = ticket.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!safeEqual(signature, sign(secret, payload))) return null;
  const claims = parseClaims(payload);
  if (!claims) return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (claims.exp <= nowSeconds || claims.exp > nowSeconds + MAX_TICKET_LIFETIME_SECONDS) return null;
  return claims;
}
