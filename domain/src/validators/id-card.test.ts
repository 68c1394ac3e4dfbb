import { describe, expect, it } from 'vitest';
import { ID_CARD_MESSAGES, idCardCheckCharacter, validateIdCard } from './id-card.ts';

/**
 * The check character by ISO 7064 MOD 11-2 in its recursive form — a different path from the weight
 * table of the implementation: r = (r + digit) × 2 mod 11 over the 17 digits, check = (12 − r) mod 11.
 */
function checkByIso7064(first17: string): string {
  let r = 0;
  for (const c of first17) r = ((r + Number(c)) * 2) % 11;
  const check = (12 - r) % 11;
  return check === 10 ? 'X' : String(check);
}

const withCheck = (first17: string) => first17 + checkByIso7064(first17);
const TODAY = '2024-06-01';

describe('ID number (GB 11643-1999)', () => {
  it('accepts the public example 11010519491231002X', () => {
    expect(checkByIso7064('11010519491231002')).toBe('X');
    expect(validateIdCard('11010519491231002X', TODAY)).toEqual({
      valid: true,
      value: '11010519491231002X',
      birthDate: '1949-12-31',
      sex: 'F',
    });
  });

  it('accepts a lower-case x and returns it in upper case', () => {
    const result = validateIdCard('11010519491231002x', TODAY);
    expect(result.valid && result.value).toBe('11010519491231002X');
  });

  it('agrees with the independent check on many constructed numbers', () => {
    for (let i = 0; i < 2000; i++) {
      const region = String(110000 + ((i * 7919) % 880000)).padStart(6, '0');
      const birth = `19${String(50 + (i % 50))}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;
      const first17 = `${region}${birth}${String(i % 1000).padStart(3, '0')}`;
      expect(idCardCheckCharacter(first17)).toBe(checkByIso7064(first17));
      expect(validateIdCard(withCheck(first17), TODAY).valid).toBe(true);
    }
  });

  it('reads the sex from the sequence digit and accepts leap days', () => {
    const man = validateIdCard(withCheck('44030519920229123'), TODAY);
    expect(man).toMatchObject({ valid: true, birthDate: '1992-02-29', sex: 'M' });
  });

  it('accepts a birth date of today and refuses one after it', () => {
    expect(validateIdCard(withCheck('44030520240601001'), TODAY).valid).toBe(true);
    expect(validateIdCard(withCheck('44030520240602001'), TODAY)).toEqual({
      valid: false,
      failure: 'BIRTH_DATE_FUTURE',
      message: ID_CARD_MESSAGES.BIRTH_DATE_FUTURE,
    });
  });

  it.each(['19900229', '19901301', '19900431', '19900001', '19900100', '00000101'])(
    'refuses the impossible birth date %s',
    (birth) => {
      const result = validateIdCard(withCheck(`440305${birth}123`), TODAY);
      expect(result).toMatchObject({ valid: false, failure: 'BIRTH_DATE' });
    },
  );

  it('refuses a region starting with 0', () => {
    expect(validateIdCard(withCheck('04030519900101123'), TODAY)).toMatchObject({
      valid: false,
      failure: 'REGION',
    });
  });

  it('refuses every wrong check character', () => {
    const first17 = '44030519900101123';
    for (const c of '0123456789X'.replace(checkByIso7064(first17), '')) {
      const result = validateIdCard(first17 + c, TODAY);
      expect(result).toEqual({ valid: false, failure: 'CHECK_DIGIT', message: ID_CARD_MESSAGES.CHECK_DIGIT });
    }
  });

  it.each([
    '',
    '1101051949123100',
    '11010519491231002',
    '11010519491231002X1',
    '1101051949123100XX',
    '110105 9491231002X',
    'A1010519491231002X',
    '11010519491231002Y',
    '110105194912310021 ',
  ])('refuses the malformed %j', (value) => {
    expect(validateIdCard(value, TODAY)).toMatchObject({ valid: false, failure: 'FORMAT' });
  });

  it('gives a Chinese message for every failure and needs a valid today', () => {
    for (const message of Object.values(ID_CARD_MESSAGES)) expect(message).toMatch(/身份证/);
    expect(() => validateIdCard('11010519491231002X', '2024-13-01')).toThrow();
  });
});
