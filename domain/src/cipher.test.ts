import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkCipherText,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
  decryptField,
  encryptField,
  FieldCipherError,
} from './cipher.ts';

const P = { key: DEFAULT_FIELD_CIPHER_KEY, iv: DEFAULT_FIELD_CIPHER_IV };

// Produced independently with: printf '<text + zero bytes to 16n>' | openssl enc -aes-128-cbc -K <hex key> -iv <hex iv> -nopad | base64
const OPENSSL_VECTORS: Array<[string, string]> = [
  ['Demo1234', '6nRRYJukRU1un80cupoV0g=='],
  ['中文密码Abc123', 'atxXJFKd2liKDCEvBBBiaMFJg0xtUsRBpQj5uyOAPDY='],
  ['0123456789abcdef', '1+KButh6CvOZWCECiiWZ5Q=='],
  ['Newbie1234', '9E9WI42pz5i/FxCf/ouCXg=='],
];

/** node:crypto, the server's way: zero-pad by hand, no PKCS#7. */
function nodeEncrypt(plain: string): string {
  const data = Buffer.from(plain, 'utf8');
  const padded = Buffer.concat([data, Buffer.alloc((16 - (data.length % 16)) % 16)]);
  const c = createCipheriv('aes-128-cbc', Buffer.from(P.key), Buffer.from(P.iv)).setAutoPadding(false);
  return Buffer.concat([c.update(padded), c.final()]).toString('base64');
}

function nodeDecrypt(text: string): string {
  const d = createDecipheriv('aes-128-cbc', Buffer.from(P.key), Buffer.from(P.iv)).setAutoPadding(false);
  const out = Buffer.concat([d.update(Buffer.from(text, 'base64')), d.final()]);
  let end = out.length;
  while (end > 0 && out[end - 1] === 0) end--;
  return out.subarray(0, end).toString('utf8');
}

describe('field cipher (AES-CBC, zero padding, base64)', () => {
  it.each(OPENSSL_VECTORS)('encrypts %s to the OpenSSL vector', (plain, cipher) => {
    expect(encryptField(plain, P)).toBe(cipher);
  });

  it.each(OPENSSL_VECTORS)('decrypts the OpenSSL vector of %s', (plain, cipher) => {
    expect(decryptField(cipher, P)).toBe(plain);
  });

  it.each([
    'a',
    'Demo1234',
    '密码',
    '😀 emoji 与中文 mixed',
    'exactly-16-bytes',
    'x'.repeat(32),
    '一二三四五六七八九十'.repeat(7),
  ])('crypto-js and node:crypto agree both ways on %s', (plain) => {
    const byCryptoJs = encryptField(plain, P);
    expect(byCryptoJs).toBe(nodeEncrypt(plain));
    expect(nodeDecrypt(byCryptoJs)).toBe(plain);
    expect(decryptField(nodeEncrypt(plain), P)).toBe(plain);
  });

  it('adds no block when the text is already a multiple of 16 bytes', () => {
    expect(Buffer.from(encryptField('0123456789abcdef', P), 'base64')).toHaveLength(16);
    expect(Buffer.from(encryptField('0123456789abcdef0', P), 'base64')).toHaveLength(32);
    // 中 is 3 bytes in UTF-8: 16 characters are 48 bytes, three blocks
    expect(Buffer.from(encryptField('中'.repeat(16), P), 'base64')).toHaveLength(48);
  });

  it('refuses empty plain text and text with NUL', () => {
    expect(() => encryptField('', P)).toThrow(FieldCipherError);
    expect(() => encryptField('a\u0000b', P)).toThrow('空字符');
  });

  it.each([
    ['', '不能为空'],
    ['not base64!', 'base64'],
    ['YWJj', '16字节'], // 3 bytes
    ['6nRRYJukRU1un80cupoV0g', 'base64'], // padding missing
    ['A'.repeat(5000), '过长'],
  ])('rejects malformed cipher text %j with a clear error', (text, message) => {
    expect(() => checkCipherText(text)).toThrow(message);
    expect(() => decryptField(text, P)).toThrow(FieldCipherError);
  });

  it('rejects non-string input', () => {
    expect(() => checkCipherText(undefined)).toThrow(FieldCipherError);
    expect(() => checkCipherText(12345)).toThrow(FieldCipherError);
  });

  it('rejects a wrong key size', () => {
    expect(() => encryptField('abc', { key: 'short', iv: P.iv })).toThrow('16字节');
    expect(() => encryptField('abc', { key: P.key, iv: '中文中文中文' })).toThrow('16字节');
  });

  it('a different key does not give back the text', () => {
    const other = { key: 'AnotherKey#16byt', iv: P.iv };
    const c = encryptField('Demo1234', P);
    let result: string | Error;
    try {
      result = decryptField(c, other);
    } catch (e) {
      result = e as Error;
    }
    expect(result).not.toBe('Demo1234');
  });
});
