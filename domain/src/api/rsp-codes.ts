/**
 * The one catalogue of response codes (docs/PRODUCT.md §8).
 * 0000 success; 1xxx input; 2xxx account and session; 3xxx loan rules; 44xx the collections worklist; 9999 system.
 * HTTP 401 (no valid session) carries SESSION_EXPIRED in its envelope.
 */
import { ACCOUNT_RSP, ACCOUNT_TEXTS } from './rsp-codes-account.ts';
import { COLLECTION_RSP, COLLECTION_TEXTS } from './rsp-codes-collections.ts';
import { INPUT_RSP, INPUT_TEXTS } from './rsp-codes-input.ts';
import { LOAN_RSP, LOAN_TEXTS } from './rsp-codes-loan.ts';

/** Every code by name, gathered from its topic's file (input, account, loan rules, collections). */
export const RSP = { ...INPUT_RSP, ...ACCOUNT_RSP, ...LOAN_RSP, ...COLLECTION_RSP } as const;

export type RspCode = (typeof RSP)[keyof typeof RSP];

/** The Chinese text of every code: a code without one is a compile error. */
const TEXTS: Readonly<Record<RspCode, string>> = {
  ...INPUT_TEXTS,
  ...ACCOUNT_TEXTS,
  ...LOAN_TEXTS,
  ...COLLECTION_TEXTS,
};

export function rspText(code: RspCode): string {
  return TEXTS[code];
}

export const ALL_RSP_CODES: readonly RspCode[] = Object.values(RSP);

/**
 * The texts of 2003, one per reason, so a borrower learns what to do: retype a wrong code, or ask for a new one
 * when the code expired, was used or replaced, or used up its tries. `rspText('2003')` is the text when the
 * reason is not told.
 */
export const CODE_REFUSALS = {
  WRONG: '验证码不正确，请核对后重新输入',
  EXPIRED: '验证码已过期，请重新获取',
  SPENT: '验证码已失效，请重新获取',
  TOO_MANY: '验证码输入错误次数过多，请重新获取',
} as const;

export type CodeRefusal = keyof typeof CODE_REFUSALS;
