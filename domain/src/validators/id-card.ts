import { compareDates, parseIsoDate } from '../calendar-date.ts';

/** GB 11643-1999 resident identity number: 6-digit region, 8-digit birth date, 3-digit sequence, check. */

export type IdCardFailure = 'FORMAT' | 'REGION' | 'BIRTH_DATE' | 'BIRTH_DATE_FUTURE' | 'CHECK_DIGIT';

export const ID_CARD_MESSAGES: Readonly<Record<IdCardFailure, string>> = {
  FORMAT: '身份证号码应为18位：前17位为数字，最后一位为数字或X',
  REGION: '身份证号码的地区码不正确',
  BIRTH_DATE: '身份证号码中的出生日期不是有效日期',
  BIRTH_DATE_FUTURE: '身份证号码中的出生日期晚于今天',
  CHECK_DIGIT: '身份证号码校验位不正确，请核对号码',
};

export type IdCardResult =
  | {
      readonly valid: true;
      /** The number with a trailing x in upper case. */
      readonly value: string;
      readonly birthDate: string;
      /** From the sequence digit: odd male, even female. */
      readonly sex: 'M' | 'F';
    }
  | { readonly valid: false; readonly failure: IdCardFailure; readonly message: string };

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';
const FORMAT = /^\d{17}[\dX]$/;

/** The check character of the first 17 digits: Σ digit × weight mod 11 indexes '10X98765432'. */
export function idCardCheckCharacter(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('身份证本体码应为17位数字');
  const total = WEIGHTS.reduce((sum, weight, i) => sum + Number(first17[i]) * weight, 0);
  return CHECK_CHARACTERS[total % 11] ?? '';
}

function failure(reason: IdCardFailure): IdCardResult {
  return { valid: false, failure: reason, message: ID_CARD_MESSAGES[reason] };
}

/** Checks an 18-digit ID number; `today` ("YYYY-MM-DD", the caller's date in China) bounds the birth date. */
export function validateIdCard(input: string, today: string): IdCardResult {
  const todayDate = parseIsoDate(today);
  if (!todayDate) throw new Error('today 必须为 YYYY-MM-DD 日期');
  const value = typeof input === 'string' ? input.toUpperCase() : '';
  if (!FORMAT.test(value)) return failure('FORMAT');
  if (value.startsWith('0')) return failure('REGION');
  const birthDate = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  const birth = parseIsoDate(birthDate);
  if (!birth) return failure('BIRTH_DATE');
  if (compareDates(birth, todayDate) > 0) return failure('BIRTH_DATE_FUTURE');
  if (idCardCheckCharacter(value.slice(0, 17)) !== value[17]) return failure('CHECK_DIGIT');
  return { valid: true, value, birthDate, sex: Number(value[16]) % 2 === 1 ? 'M' : 'F' };
}
