import { createCipheriv } from 'node:crypto';
import { encryptField, FieldCipherError } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { decryptFieldText } from '../src/lib/field-cipher.ts';
import { CIPHER } from './helpers/app.ts';

// Produced independently with OpenSSL (aes-128-cbc -nopad over the zero-padded UTF-8 text), as in domain's tests.
const VECTORS: Array<[string, string]> = [
  ['Demo1234', '6nRRYJukRU1un80cupoV0g=='],
  ['中文密码Abc123', 'atxXJFKd2liKDCEvBBBiaMFJg0xtUsRBpQj5uyOAPDY='],
  ['0123456789abcdef', '1+KButh6CvOZWCECiiWZ5Q=='],
  ['Newbie1234', '9E9WI42pz5i/FxCf/ouCXg=='],
];

describe('server field cipher (node:crypto) against the domain cipher (crypto-js)', () => {
  it.each(VECTORS)('decrypts the OpenSSL vector of %s', (plain, text) => {
    expect(decryptFieldText(text, CIPHER)).toBe(plain);
  });

  it.each([
    'a',
    'Demo1234',
    '密码',
    '😀 emoji 与中文 mixed',
    'exactly-16-bytes',
    'x'.repeat(32),
    '一二三四五六七八九十'.repeat(7),
  ])('decrypts what the domain encrypts: %s', (plain) => {
    expect(decryptFieldText(encryptField(plain, CIPHER), CIPHER)).toBe(plain);
  });

  it.each([
    ['empty', ''],
    ['not base64', 'not base64!'],
    ['missing padding', '6nRRYJukRU1un80cupoV0g'],
    ['3 bytes, not a whole block', 'YWJj'],
    ['20 bytes', 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='],
    ['too long', 'A'.repeat(5000)],
    ['not a string', 12345],
    ['undefined', undefined],
  ])('refuses %s with a FieldCipherError', (_name, text) => {
    expect(() => decryptFieldText(text, CIPHER)).toThrow(FieldCipherError);
  });

  it('refuses text that decrypts to invalid UTF-8', () => {
    expect(() => decryptFieldText('AAAAAAAAAAAAAAAAAAAAAA==', CIPHER)).toThrow('UTF-8');
  });

  it('refuses text that decrypts to nothing (a block of zero bytes)', () => {
    const c = createCipheriv('aes-128-cbc', Buffer.from(CIPHER.key), Buffer.from(CIPHER.iv)).setAutoPadding(
      false,
    );
    const zeros = Buffer.concat([c.update(Buffer.alloc(16)), c.final()]).toString('base64');
    expect(() => decryptFieldText(zeros, CIPHER)).toThrow('为空');
  });

  it('a different key does not give back the text', () => {
    const other = { key: 'AnotherKey#16byt', iv: CIPHER.iv };
    const text = encryptField('Demo1234', CIPHER);
    let result: string | Error;
    try {
      result = decryptFieldText(text, other);
    } catch (error) {
      result = error as Error;
    }
    expect(result).not.toBe('Demo1234');
  });
});
