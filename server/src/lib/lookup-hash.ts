import { createHmac } from 'node:crypto';

/**
 * Keyed hashes of sealed contacts, for finding a user by phone or e-mail without storing either in plain text:
 * HMAC-SHA256 with its own key (PII_LOOKUP_KEY) over `<kind>:<normalised value>`, hex. Without the key a hash
 * cannot be recomputed from a guessed phone number (a bare hash of an 11-digit number can be).
 */
export type LookupKind = 'phone' | 'email';

/** Phones trimmed; e-mails trimmed and lowercased (an address is found whatever its case). */
function normaliseContact(kind: LookupKind, value: string): string {
  const trimmed = value.trim();
  return kind === 'email' ? trimmed.toLowerCase() : trimmed;
}

export function lookupHash(key: string, kind: LookupKind, value: string): string {
  return createHmac('sha256', key)
    .update(`${kind}:${normaliseContact(kind, value)}`)
    .digest('hex');
}
