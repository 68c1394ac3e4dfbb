import { type BankCode, isBankCode, RSP } from '@loan/domain';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  BANK_SIGNATURE_HEADER,
  BANK_TIMESTAMP_HEADER,
  bankSignatureValid,
  CALLBACK_MAX_SKEW_MS,
} from './signature.ts';

export type CallbackHeaders = Record<string, string | string[] | undefined>;

function header(headers: CallbackHeaders, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
}

/**
 * The checks every partner-bank callback passes first, in order: the bank (1001), the signature over the exact
 * bytes received (3501), the timestamp's distance from now (3502), the body is JSON (1002) of the callback's
 * `shape` (1001). Returns the bank and the body.
 */
export function verifyBankCallback<T>(
  ctx: Pick<AppContext, 'config' | 'now'>,
  bank: string,
  headers: CallbackHeaders,
  rawBody: unknown,
  shape: TSchema,
): { bank: BankCode; body: T } {
  if (!isBankCode(bank)) throw new ApiError(RSP.INVALID_INPUT, '未知的合作机构');
  const raw = typeof rawBody === 'string' ? rawBody : '';
  const timestamp = header(headers, BANK_TIMESTAMP_HEADER);
  const signature = header(headers, BANK_SIGNATURE_HEADER);
  if (
    !timestamp ||
    !signature ||
    !/^\d{1,12}$/.test(timestamp) ||
    !bankSignatureValid(ctx.config.bankCallbackSecrets[bank], bank, timestamp, raw, signature)
  ) {
    throw new ApiError(RSP.CALLBACK_BAD_SIGNATURE);
  }
  if (Math.abs(ctx.now().getTime() - Number(timestamp) * 1000) > CALLBACK_MAX_SKEW_MS) {
    throw new ApiError(RSP.CALLBACK_STALE);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(RSP.BAD_REQUEST_BODY, '回调内容不是合法的 JSON');
  }
  if (!Value.Check(shape, parsed)) throw new ApiError(RSP.INVALID_INPUT, '回调内容不符合约定格式');
  return { bank, body: parsed as T };
}
