import { createDecipheriv } from 'node:crypto';
import { checkCipherText, FieldCipherError, type FieldCipherParams } from '@loan/domain';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Server side of the field cipher (domain/src/cipher.ts): AES-128-CBC, zero padding, base64.
 * Byte-compatible with crypto-js. Throws FieldCipherError on empty or malformed input.
 */
export function decryptFieldText(text: unknown, params: FieldCipherParams): string {
  checkCipherText(text);
  const decipher = createDecipheriv(
    'aes-128-cbc',
    Buffer.from(params.key, 'utf8'),
    Buffer.from(params.iv, 'utf8'),
  );
  decipher.setAutoPadding(false);
  const out = Buffer.concat([decipher.update(Buffer.from(text, 'base64')), decipher.final()]);
  let end = out.length;
  while (end > 0 && out[end - 1] === 0) end--;
  let plain: string;
  try {
    plain = UTF8.decode(out.subarray(0, end));
  } catch {
    throw new FieldCipherError('解密结果不是合法的 UTF-8 文本');
  }
  if (plain.length === 0) throw new FieldCipherError('解密结果为空');
  if (plain.includes('\u0000')) throw new FieldCipherError('解密结果包含空字符');
  return plain;
}
