import { BANK_CODES, type BankCode, PARTNER_BANKS } from '../banks/partner-banks.ts';

/**
 * 数据范围: the partner banks whose borrowers an operator sees. null: every bank (the default roles); otherwise a
 * non-empty list of bank codes. A borrower is in scope when they have an application at one of these banks
 * (the server's rule: server/src/modules/ops/data-scope.ts).
 */
export type BankScope = readonly BankCode[] | null;

export const ALL_BANKS_TEXT = '全部合作机构';

/** A role's stored scope read strictly: null stays null (all); anything else keeps only known codes, in order. */
export function bankScopeOfRole(stored: unknown): BankScope {
  if (stored === null || stored === undefined) return null;
  const listed = Array.isArray(stored) ? stored : [];
  return BANK_CODES.filter((code) => listed.includes(code));
}

/**
 * An operator's scope from their roles' (each as stored): all if any role's is all, otherwise the union in
 * catalogue order. No role at all sees nothing (an empty list).
 */
export function bankScopeOf(roles: readonly { bankScope: unknown }[]): BankScope {
  const scopes = roles.map((role) => bankScopeOfRole(role.bankScope));
  if (scopes.some((scope) => scope === null)) return null;
  const held = new Set(scopes.flatMap((scope) => scope ?? []));
  return BANK_CODES.filter((code) => held.has(code));
}

/** The scope as the console shows it: 全部合作机构, or the banks' Chinese names. */
export function bankScopeText(scope: BankScope): string {
  if (scope === null) return ALL_BANKS_TEXT;
  if (scope.length === 0) return '无';
  return scope.map((code) => PARTNER_BANKS[code].name).join('、');
}

/**
 * A scope as an administrator types it (`all`, or codes separated by commas): the scope, or the Chinese reason
 * it is refused.
 */
export function parseBankScope(text: string): { ok: true; scope: BankScope } | { ok: false; reason: string } {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'all') return { ok: true, scope: null };
  const codes = trimmed
    .split(/[,，、\s]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  const unknown = codes.filter((code) => !(BANK_CODES as readonly string[]).includes(code));
  if (codes.length === 0 || unknown.length > 0)
    return {
      ok: false,
      reason: `数据范围须为 all 或合作机构代码（${BANK_CODES.join('、')}），以逗号分隔${unknown.length ? `；不认识：${unknown.join('、')}` : ''}`,
    };
  return { ok: true, scope: BANK_CODES.filter((code) => codes.includes(code)) };
}
