/**
 * GB 32100-2015 unified social credit code (统一社会信用代码): registration department, organisation
 * category, 6-digit administrative division, 9-character organisation code, check character.
 */

export type UsccFailure = 'FORMAT' | 'DEPARTMENT' | 'REGION' | 'CHECK_CHARACTER';

export const USCC_MESSAGES: Readonly<Record<UsccFailure, string>> = {
  FORMAT: '统一社会信用代码应为18位数字或大写字母（不含 I、O、Z、S、V）',
  DEPARTMENT: '统一社会信用代码的登记管理部门代码不正确',
  REGION: '统一社会信用代码的第3至8位应为行政区划代码（数字）',
  CHECK_CHARACTER: '统一社会信用代码校验位不正确，请核对',
};

/**
 * Registration department codes (first character): 1 机构编制, 5 民政, 9 市场监管（工商）, Y 其他 in the standard;
 * 2–4, 6–8, A–G and N assigned to further departments since. Unknown letters are refused.
 */
export const USCC_DEPARTMENT_CODES = '123456789ABCDEFGNY';

export type UsccResult =
  | { readonly valid: true; readonly value: string }
  | { readonly valid: false; readonly failure: UsccFailure; readonly message: string };

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const FORMAT = /^[0-9A-HJ-NPQRTUW-Y]{18}$/;

/** The check character of the first 17 characters: 31 − (Σ value × weight mod 31), 31 meaning 0. */
export function usccCheckCharacter(first17: string): string {
  const total = WEIGHTS.reduce((sum, weight, i) => sum + CHARSET.indexOf(first17[i] ?? '') * weight, 0);
  return CHARSET[(31 - (total % 31)) % 31] ?? '';
}

function failure(reason: UsccFailure): UsccResult {
  return { valid: false, failure: reason, message: USCC_MESSAGES[reason] };
}

/** Checks a unified social credit code; lower-case letters are accepted and returned in upper case. */
export function validateUscc(input: string): UsccResult {
  const value = typeof input === 'string' ? input.toUpperCase() : '';
  if (!FORMAT.test(value)) return failure('FORMAT');
  if (!USCC_DEPARTMENT_CODES.includes(value.charAt(0))) return failure('DEPARTMENT');
  if (!/^\d{6}$/.test(value.slice(2, 8))) return failure('REGION');
  if (usccCheckCharacter(value.slice(0, 17)) !== value[17]) return failure('CHECK_CHARACTER');
  return { valid: true, value };
}
