import {
  checkBankCard,
  isMobilePhone,
  RSP,
  rspText,
  shanghaiDate,
  validateIdCard,
  validateUscc,
} from '@loan/domain';
import type { FormRule } from 'antd';

/** The form's rules: the same checks the server makes (GB 32100, GB 11643, phone, card), in Chinese. */

const UNDER_AGE = '法定代表人须年满18周岁';

/** Length in characters; an empty field is left to the `required` rule, so it shows one error only. */
const lengthRule = (min: number, max: number, message: string): FormRule => ({
  validator: (_, value: string | undefined) => {
    const n = [...(value ?? '').trim()].length;
    return n === 0 || (n >= min && n <= max) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

export const companyNameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入企业名称' },
  lengthRule(2, 100, '企业名称应为2至100个字符，请按营业执照填写'),
];

export const usccRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入统一社会信用代码' },
  {
    validator: (_, value: string | undefined) => {
      if (!value?.trim()) return Promise.resolve();
      const result = validateUscc(value.trim());
      return result.valid ? Promise.resolve() : Promise.reject(new Error(result.message));
    },
  },
];

export const legalNameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入法定代表人姓名' },
  lengthRule(2, 30, '法定代表人姓名应为2至30个字符'),
];

export function idNumberRules(today: () => string = () => shanghaiDate()): FormRule[] {
  return [
    { required: true, whitespace: true, message: '请输入法定代表人身份证号码' },
    {
      validator: (_, value: string | undefined) => {
        if (!value?.trim()) return Promise.resolve();
        const now = today();
        const result = validateIdCard(value.trim(), now);
        if (!result.valid) return Promise.reject(new Error(result.message));
        const adult = `${Number(result.birthDate.slice(0, 4)) + 18}${result.birthDate.slice(4)}` <= now;
        return adult ? Promise.resolve() : Promise.reject(new Error(UNDER_AGE));
      },
    },
  ];
}

export const phoneRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入法定代表人手机号' },
  {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isMobilePhone(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(rspText(RSP.INVALID_PHONE))),
  },
];

/** The card's format and its Luhn check: either failing is an error under the field. Empty passes. */
export const bankCardFormatRules: FormRule[] = [
  {
    validator: (_, value: string | undefined) => {
      if (!value?.trim()) return Promise.resolve();
      const result = checkBankCard(value.trim());
      return result.valid ? Promise.resolve() : Promise.reject(new Error(result.message));
    },
  },
];

export const bankCardRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入银行卡号' },
  ...bankCardFormatRules,
];

export const bankNameRules: FormRule[] = [{ max: 50, message: '开户行名称不能超过50个字符' }];
