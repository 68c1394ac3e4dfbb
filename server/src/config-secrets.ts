import { BANK_CODES, type BankCode } from '@loan/domain';

/**
 * The server's secrets with their development values. Outside production the development value stands in for
 * an unset variable; in production every one must be set to something else (config-production.ts).
 */
export const DEFAULT_DIRECT_LOGIN_SECRET = 'dev-direct-login-secret-change-me';
export const DEFAULT_AGREEMENT_READ_SECRET = 'dev-agreement-read-secret-change-me';
/** 32 bytes as 64 hex digits */
export const DEFAULT_PII_KEY = `${'0'.repeat(62)}01`;
export const DEFAULT_STORE_TOKEN_KEY = `${'0'.repeat(62)}02`;
/** HMAC key of the phone and e-mail lookup hashes */
export const DEFAULT_PII_LOOKUP_KEY = 'dev-pii-lookup-key-change-me';
/** the payment gateway signs its notifies with it (the sandbox gateway too) */
export const DEFAULT_PAYMENT_NOTIFY_SECRET = 'dev-payment-notify-secret-change-me';

/** Each partner bank signs its callbacks with its own secret: BANK_CALLBACK_SECRET_<BANK>. */
export const bankSecretVariable = (bank: BankCode) => `BANK_CALLBACK_SECRET_${bank}`;
export const defaultBankCallbackSecret = (bank: BankCode) =>
  `dev-bank-callback-secret-${bank.toLowerCase()}-change-me`;

export interface SecretSpec {
  variable: string;
  development: string;
  /** 'hex32': 64 hex digits (an AES-256 key); 'text': an HMAC secret, at least MIN_SECRET_LENGTH characters */
  kind: 'hex32' | 'text';
}

/** HMAC secrets shorter than this are refused in production. */
export const MIN_SECRET_LENGTH = 32;

export const SECRETS: readonly SecretSpec[] = [
  { variable: 'DIRECT_LOGIN_SECRET', development: DEFAULT_DIRECT_LOGIN_SECRET, kind: 'text' },
  { variable: 'AGREEMENT_READ_SECRET', development: DEFAULT_AGREEMENT_READ_SECRET, kind: 'text' },
  { variable: 'PII_KEY', development: DEFAULT_PII_KEY, kind: 'hex32' },
  { variable: 'STORE_TOKEN_KEY', development: DEFAULT_STORE_TOKEN_KEY, kind: 'hex32' },
  { variable: 'PII_LOOKUP_KEY', development: DEFAULT_PII_LOOKUP_KEY, kind: 'text' },
  { variable: 'PAYMENT_NOTIFY_SECRET', development: DEFAULT_PAYMENT_NOTIFY_SECRET, kind: 'text' },
  ...BANK_CODES.map(
    (bank): SecretSpec => ({
      variable: bankSecretVariable(bank),
      development: defaultBankCallbackSecret(bank),
      kind: 'text',
    }),
  ),
];
