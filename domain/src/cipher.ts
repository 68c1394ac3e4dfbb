// the parts of crypto-js this cipher uses, not the whole library: each part adds itself to the core's namespace
import CryptoJS from 'crypto-js/core';
import 'crypto-js/aes';
import 'crypto-js/pad-zeropadding';

/**
 * The AES field cipher of docs/PRODUCT.md §7: AES-CBC, zero padding, fixed key and iv, base64 text.
 * Key and iv are 16-byte UTF-8 strings (AES-128). They are configuration, not secrets: the browser
 * holds them too. They only keep passwords out of plain sight in request bodies and logs.
 */
export const DEFAULT_FIELD_CIPHER_KEY = 'LoanPortalKey#16';
export const DEFAULT_FIELD_CIPHER_IV = 'LoanPortalIv#016';

export interface FieldCipherParams {
  key: string;
  iv: string;
}

export class FieldCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldCipherError';
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function checkCipherParams({ key, iv }: FieldCipherParams): void {
  if (utf8Length(key) !== 16) throw new FieldCipherError('字段加密密钥必须为16字节');
  if (utf8Length(iv) !== 16) throw new FieldCipherError('字段加密向量必须为16字节');
}

function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}

function params(p: FieldCipherParams) {
  checkCipherParams(p);
  return {
    key: CryptoJS.enc.Utf8.parse(p.key),
    iv: CryptoJS.enc.Utf8.parse(p.iv),
  };
}

/** Encrypts a non-empty text. A text that contains NUL cannot survive zero padding and is refused. */
export function encryptField(plain: string, p: FieldCipherParams): string {
  if (typeof plain !== 'string' || plain.length === 0) throw new FieldCipherError('待加密内容不能为空');
  if (plain.includes('\u0000')) throw new FieldCipherError('待加密内容不能包含空字符');
  const { key, iv } = params(p);
  const encrypted = CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(plain), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.ZeroPadding,
  });
  return encrypted.ciphertext.toString(CryptoJS.enc.Base64);
}

/** Checks the shape of cipher text: non-empty base64 of a whole number of 16-byte blocks. */
export function checkCipherText(text: unknown): asserts text is string {
  if (typeof text !== 'string' || text.length === 0) throw new FieldCipherError('加密内容不能为空');
  if (text.length > 4096) throw new FieldCipherError('加密内容过长');
  if (!BASE64.test(text)) throw new FieldCipherError('加密内容不是合法的 base64');
  const bytes = (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  if (bytes === 0 || bytes % 16 !== 0) throw new FieldCipherError('加密内容长度不是16字节的整数倍');
}

/** Decrypts with crypto-js (browser side and tests); the server uses node:crypto, byte-compatible. */
export function decryptField(text: string, p: FieldCipherParams): string {
  checkCipherText(text);
  const { key, iv } = params(p);
  const decrypted = CryptoJS.AES.decrypt(
    CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(text) }),
    key,
    { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.ZeroPadding },
  );
  let plain: string;
  try {
    plain = CryptoJS.enc.Utf8.stringify(decrypted);
  } catch {
    throw new FieldCipherError('解密结果不是合法的 UTF-8 文本');
  }
  if (plain.length === 0) throw new FieldCipherError('解密结果为空');
  return plain;
}
