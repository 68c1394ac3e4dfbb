import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { type Keyring, openValue, type SealBinding, SealedValueError, sealValue } from './at-rest.ts';

/**
 * Every column that holds a sealed value, with the row key its values are bound to and the keyring that seals
 * them. The rotation command walks this table; the services seal and open through it, so the binding of a value
 * (`<table>:<row key>:<field>`) is written in one place.
 */
export interface SealedColumn {
  table: string;
  /** the column whose value is the row key of the binding (unique in the table) */
  keyColumn: string;
  /** the column holding the sealed text */
  column: string;
  /** the binding's column name */
  field: string;
  ring: 'pii' | 'storeToken';
}

const pii = (table: string, keyColumn: string, field: string): SealedColumn => ({
  table,
  keyColumn,
  column: `${field}_enc`,
  field,
  ring: 'pii',
});

export const SEALED_COLUMNS = {
  userPhone: pii('users', 'id', 'phone'),
  userEmail: pii('users', 'id', 'email'),
  legalName: pii('loan_certifications', 'user_id', 'legal_name'),
  idNumber: pii('loan_certifications', 'user_id', 'id_number'),
  legalPhone: pii('loan_certifications', 'user_id', 'legal_phone'),
  bankCard: pii('loan_certifications', 'user_id', 'bank_card'),
  subAccountNo: pii('sub_accounts', 'id', 'account_no'),
  settlementAccountNo: pii('settlement_checks', 'id', 'account_no'),
  outboxRecipient: pii('outbox_messages', 'id', 'recipient'),
  /** the signed contract's text (it names the legal representative) */
  contractBody: pii('loan_contracts', 'id', 'body'),
  /** the contract's parties (LoanContractParties as JSON) */
  contractParties: pii('loan_contracts', 'id', 'parties'),
  /** an operator's TOTP secret, and the one shown for enrolment until a code confirms it */
  operatorTotp: pii('operators', 'id', 'totp_secret'),
  operatorTotpPending: pii('operators', 'id', 'totp_pending'),
  operatorEmail: pii('operators', 'id', 'email'),
  storeToken: {
    table: 'seller_stores',
    keyColumn: 'user_id',
    column: 'token_enc',
    field: 'token',
    ring: 'storeToken',
  },
} as const satisfies Record<string, SealedColumn>;

export type SealedColumnName = keyof typeof SEALED_COLUMNS;

export type AtRestKeys = Pick<Config, 'piiKeys' | 'storeTokenKeys'>;

export const keyringOf = (keys: AtRestKeys, column: SealedColumn): Keyring =>
  column.ring === 'pii' ? keys.piiKeys : keys.storeTokenKeys;

export const bindingOf = (column: SealedColumn, row: number | string): SealBinding => ({
  table: column.table,
  row,
  column: column.field,
});

export function seal(keys: AtRestKeys, name: SealedColumnName, row: number, plain: string): string {
  const column = SEALED_COLUMNS[name];
  return sealValue(keyringOf(keys, column), bindingOf(column, row), plain);
}

/**
 * Values a migration moved out of a plain column carry this mark until the start seals them (start-sealing.ts);
 * they open as what they are.
 */
export const LEGACY_MARK = 'legacy:';

/** Throws SealedValueError when the value does not open here (for callers that cannot go on without it). */
export function open(keys: AtRestKeys, name: SealedColumnName, row: number, sealed: string): string {
  if (sealed.startsWith(LEGACY_MARK)) return sealed.slice(LEGACY_MARK.length);
  const column = SEALED_COLUMNS[name];
  return openValue(keyringOf(keys, column), bindingOf(column, row), sealed);
}

/**
 * The value, or null when it does not open: logged as a warning naming the table, row and column, never the
 * value. Views then show it as unreadable rather than fail the whole answer.
 */
export function openOrNull(
  ctx: { config: AtRestKeys; log?: Pick<FastifyBaseLogger, 'warn'> },
  name: SealedColumnName,
  row: number,
  sealed: string | null,
): string | null {
  if (sealed === null || sealed === '') return null;
  try {
    return open(ctx.config, name, row, sealed);
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    const column = SEALED_COLUMNS[name];
    ctx.log?.warn({ table: column.table, row, column: column.field }, 'sealed value unreadable');
    return null;
  }
}

/** What a masked field shows when its sealed value does not open. */
export const UNREADABLE_MASK = '（无法读取）';
