import { BANK_CODES, BANK_ROUTE_PARAMS, type BankCode, isBankCode } from './partner-banks.ts';

/**
 * A bank's application route under /apply (docs/PRODUCT.md §2.2): `/apply/LoanInfo_YNIT/{rowId}/{productCode}/{productType}`,
 * `/apply/LoanInfo_CRBANK/{mcOrderNo}`, … Building and parsing are inverse: segments are URL-encoded.
 */
export const APPLY_ROUTE_BASE = '/apply';

/** The longest id a route segment may carry (after decoding). */
export const MAX_ROUTE_ID_LENGTH = 64;

/** The ids a bank's route carries, typed per bank: YNIT needs rowId, productCode and productType. */
export type BankRouteIds<B extends BankCode> = {
  readonly [K in (typeof BANK_ROUTE_PARAMS)[B][number]]: string;
};

/** A parsed route: narrowing on `bank` types `ids`. */
export type BankRoute = { [B in BankCode]: { readonly bank: B; readonly ids: BankRouteIds<B> } }[BankCode];

export class BankRouteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankRouteError';
  }
}

const PREFIX = 'LoanInfo_';

function isRouteId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ROUTE_ID_LENGTH;
}

/** The route pattern relative to /apply, as a router declares it: `LoanInfo_CGB/:rowId/:productCode`. */
export function bankRoutePattern(bank: BankCode): string {
  return [`${PREFIX}${bank}`, ...BANK_ROUTE_PARAMS[bank].map((p) => `:${p}`)].join('/');
}

/** The portal path of an application at a bank; throws BankRouteError when an id is missing or too long. */
export function bankRoutePath<B extends BankCode>(bank: B, ids: BankRouteIds<B>): string {
  if (!isBankCode(bank)) throw new BankRouteError('未知的合作机构');
  const values = ids as Readonly<Record<string, unknown>>;
  const segments = BANK_ROUTE_PARAMS[bank].map((param) => {
    const value = values[param];
    if (!isRouteId(value))
      throw new BankRouteError(`路由参数 ${param} 必须为 1 到 ${MAX_ROUTE_ID_LENGTH} 个字符`);
    return encodeURIComponent(value);
  });
  return [APPLY_ROUTE_BASE, `${PREFIX}${bank}`, ...segments].join('/');
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The bank and ids of a path like `/apply/LoanInfo_CGB/123/CGB-KJED` (a trailing slash, query or hash is
 * ignored); null for any other path, a wrong number of segments, or an empty, malformed or too long id.
 */
export function parseBankRoute(path: string): BankRoute | null {
  if (typeof path !== 'string') return null;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const [empty, base, head, ...rest] = pathname.replace(/\/$/, '').split('/');
  if (empty !== '' || `/${base}` !== APPLY_ROUTE_BASE || !head?.startsWith(PREFIX)) return null;
  const bank = BANK_CODES.find((code) => `${PREFIX}${code}` === head);
  if (!bank) return null;
  const params = BANK_ROUTE_PARAMS[bank];
  if (rest.length !== params.length) return null;
  const ids: Record<string, string> = {};
  for (const [index, param] of params.entries()) {
    const value = decode(rest[index] ?? '');
    if (!isRouteId(value)) return null;
    ids[param] = value;
  }
  return { bank, ids } as BankRoute;
}
