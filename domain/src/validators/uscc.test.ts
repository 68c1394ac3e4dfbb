import { describe, expect, it } from 'vitest';
import { USCC_MESSAGES, usccCheckCharacter, validateUscc } from './uscc.ts';

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** The check character with weights computed as 3^i mod 31 — a different path from the literal weight table. */
function checkByPowersOfThree(first17: string): string {
  let total = 0;
  let weight = 1;
  for (const c of first17) {
    total += CHARSET.indexOf(c) * weight;
    weight = (weight * 3) % 31;
  }
  return CHARSET.charAt((31 - (total % 31)) % 31);
}

const withCheck = (first17: string) => first17 + checkByPowersOfThree(first17);

describe('unified social credit code (GB 32100-2015)', () => {
  it.each(['91350100M000100Y43', '91110000600037341L', '91110108551385082Q', '91440300708461136T'])(
    'accepts %s, verified independently',
    (code) => {
      expect(checkByPowersOfThree(code.slice(0, 17))).toBe(code.charAt(17));
      expect(validateUscc(code)).toEqual({ valid: true, value: code });
    },
  );

  it('accepts lower case and returns upper case', () => {
    expect(validateUscc('91350100m000100y43')).toEqual({ valid: true, value: '91350100M000100Y43' });
  });

  it('agrees with the independent check on many constructed codes, including check character 0', () => {
    let zeros = 0;
    for (let i = 0; i < 3000; i++) {
      const org = Array.from({ length: 9 }, (_, k) => CHARSET.charAt((i * 7 + k * 13 + i * k) % 31)).join('');
      const first17 = `${'1259Y'.charAt(i % 5)}${1 + (i % 3)}${String(100000 + i * 31).slice(0, 6)}${org}`;
      expect(usccCheckCharacter(first17)).toBe(checkByPowersOfThree(first17));
      expect(validateUscc(withCheck(first17)).valid).toBe(true);
      if (checkByPowersOfThree(first17) === '0') zeros++;
    }
    expect(zeros).toBeGreaterThan(0);
  });

  it('refuses every wrong check character', () => {
    const first17 = '91350100M000100Y4';
    for (const c of CHARSET.replace('3', '')) {
      expect(validateUscc(first17 + c)).toEqual({
        valid: false,
        failure: 'CHECK_CHARACTER',
        message: USCC_MESSAGES.CHECK_CHARACTER,
      });
    }
  });

  it.each([
    '',
    '91350100M000100Y4',
    '91350100M000100Y433',
    '91350100M000100I43',
    '91350100M000100O43',
    '91350100M000100S43',
    '91350100M000100V43',
    '91350100M000100Z43',
    '91350100 000100Y43',
  ])('refuses the malformed %j', (code) => {
    expect(validateUscc(code)).toMatchObject({ valid: false, failure: 'FORMAT' });
  });

  it('refuses an unknown registration department and a non-numeric region', () => {
    expect(validateUscc(withCheck('H1350100M000100Y4'))).toMatchObject({
      valid: false,
      failure: 'DEPARTMENT',
    });
    expect(validateUscc(withCheck('0135010000000100Y'))).toMatchObject({
      valid: false,
      failure: 'DEPARTMENT',
    });
    expect(validateUscc(withCheck('9135A100M000100Y4'))).toMatchObject({ valid: false, failure: 'REGION' });
  });
});
