/** Bank card numbers: 12–19 digits passing the Luhn check; a number failing it is refused. */

export const BANK_CARD_MESSAGES = {
  FORMAT: '银行卡号应为12至19位数字',
  LUHN: '银行卡号校验未通过，请核对卡号是否输入正确',
} as const;

export type BankCardResult =
  | {
      readonly valid: true;
      /** Digits only, spaces removed. */
      readonly value: string;
    }
  | { readonly valid: false; readonly message: string };

/** The Luhn (mod 10) check: from the right, double every second digit, subtract 9 above 9, sum ≡ 0 mod 10. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    total += doubled > 9 ? doubled - 9 : doubled;
  }
  return total % 10 === 0;
}

/** Checks a bank card number, accepting spaces between digit groups ("6222 0212 3456 7890"). */
export function checkBankCard(input: string): BankCardResult {
  const value = typeof input === 'string' ? input.replace(/ /g, '') : '';
  if (!/^\d{12,19}$/.test(value)) return { valid: false, message: BANK_CARD_MESSAGES.FORMAT };
  return luhnValid(value) ? { valid: true, value } : { valid: false, message: BANK_CARD_MESSAGES.LUHN };
}
