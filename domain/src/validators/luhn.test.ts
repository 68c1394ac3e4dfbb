import { describe, expect, it } from 'vitest';
import { BANK_CARD_MESSAGES, checkBankCard, luhnValid } from './luhn.ts';

/** The Luhn check digit by a lookup table of doubled digits — a different path from the implementation. */
const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];
function luhnDigit(payload: string): string {
  const digits = [...payload].reverse().map(Number);
  const total = digits.reduce((sum, d, i) => sum + (i % 2 === 0 ? (DOUBLED[d] ?? 0) : d), 0);
  return String((10 - (total % 10)) % 10);
}

const withLuhn = (payload: string) => payload + luhnDigit(payload);

describe('Luhn', () => {
  it('checks the classic examples', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111')).toBe(false);
  });

  it('agrees with the independent check digit', () => {
    for (let i = 0; i < 2000; i++) {
      const payload = `622${String(i * 982_451_653).padStart(12, '0')}`.slice(0, 12 + (i % 7));
      const card = withLuhn(payload);
      expect(luhnValid(card)).toBe(true);
      const wrong = payload + String((Number(luhnDigit(payload)) + 1 + (i % 9)) % 10);
      expect(luhnValid(wrong)).toBe(false);
    }
  });
});

describe('bank card numbers', () => {
  it('accepts 12 to 19 digits, spaces between groups removed', () => {
    const card = withLuhn('622202123456789123');
    expect(card).toHaveLength(19);
    expect(checkBankCard(card)).toEqual({ valid: true, value: card });
    const spaced = card.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(checkBankCard(spaced)).toEqual({ valid: true, value: card });
    expect(checkBankCard(withLuhn('62220212345'))).toMatchObject({ valid: true });
  });

  it('refuses a number failing the Luhn check', () => {
    const payload = '622202123456789';
    const wrong = payload + String((Number(luhnDigit(payload)) + 5) % 10);
    expect(checkBankCard(wrong)).toEqual({ valid: false, message: BANK_CARD_MESSAGES.LUHN });
    expect(checkBankCard('6222021234567890123')).toEqual({ valid: false, message: BANK_CARD_MESSAGES.LUHN });
    expect(checkBankCard('6222 0212 3456 7890 123')).toEqual({
      valid: false,
      message: BANK_CARD_MESSAGES.LUHN,
    });
  });

  it.each([
    '',
    '62220212345',
    '62220212345678912345',
    '6222-0212-3456-7890',
    '6222O21234567890',
    '６２２２０２１２３４５６',
  ])('refuses %j with a Chinese message', (value) => {
    expect(checkBankCard(value)).toEqual({ valid: false, message: BANK_CARD_MESSAGES.FORMAT });
  });
});
