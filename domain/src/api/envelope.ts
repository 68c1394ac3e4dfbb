import { RSP, type RspCode, rspText } from './rsp-codes.ts';

/** Every response of the API: `{ response: { rspCode, rspDesc }, result }` (docs/PRODUCT.md §7). */
export interface RspHeader {
  rspCode: string;
  rspDesc: string;
}

export interface Envelope<T> {
  response: RspHeader;
  result: T;
}

export function ok<T>(result: T): Envelope<T> {
  return { response: { rspCode: RSP.OK, rspDesc: rspText(RSP.OK) }, result };
}

export function fail(code: RspCode, desc?: string): Envelope<null> {
  return { response: { rspCode: code, rspDesc: desc ?? rspText(code) }, result: null };
}

/** docs/PRODUCT.md §5: a response succeeds only if rspCode equals "0000". */
export function isSuccess(envelope: { response?: { rspCode?: unknown } } | null | undefined): boolean {
  return envelope?.response?.rspCode === RSP.OK;
}
