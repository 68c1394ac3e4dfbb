import { parseIsoDate, RSP, shanghaiInstant } from '@loan/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ApiError } from './api-error.ts';

export const BAD_CURSOR = '分页参数无效，请从第一页重新查询';

/**
 * Keyset cursors: base64url of "<kind>.<userId>.<key parts>". Opaque to the browser; the user id in it makes
 * a cursor of another user (or of the other list) a 1001, never a page of someone else's rows.
 */
export function encodeCursor(kind: string, userId: number, parts: readonly (string | number)[]): string {
  return Buffer.from([kind, userId, ...parts].join('.'), 'utf8').toString('base64url');
}

/** The key parts of a cursor, each a non-negative integer; 1001 when malformed, foreign or of another list. */
export function decodeCursor(kind: string, userId: number, cursor: string, partCount: number): number[] {
  const bad = () => new ApiError(RSP.INVALID_INPUT, BAD_CURSOR);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [k, owner, ...parts] = text.split('.');
  if (k !== kind || owner !== String(userId) || parts.length !== partCount) throw bad();
  if (!parts.every((p) => /^\d{1,16}$/.test(p))) throw bad();
  const numbers = parts.map(Number);
  if (!numbers.every(Number.isSafeInteger)) throw bad();
  return numbers;
}

/** limit "1".."100" (default 10), else 1001. */
export function parseLimit(value: string | number | undefined): number {
  if (value === undefined || value === '') return 10;
  const text = String(value);
  const n = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= 100)) throw new ApiError(RSP.INVALID_INPUT, '每页条数须为 1 到 100 的整数');
  return n;
}

export interface DateRange {
  /** inclusive lower bound, start of `from` in Shanghai */
  since: Date | null;
  /** exclusive upper bound, start of the day after `to` in Shanghai */
  before: Date | null;
  /** the Shanghai days themselves, inclusive, for per-day tables */
  fromDay: string | null;
  toDay: string | null;
}

/** from/to "YYYY-MM-DD" (Shanghai dates), both optional, from ≤ to; 1001 with the exact reason otherwise. */
export function parseDateRange(from: string | undefined, to: string | undefined): DateRange {
  const check = (value: string | undefined, name: string) => {
    if (value === undefined || value === '') return null;
    if (!parseIsoDate(value)) {
      throw new ApiError(RSP.INVALID_INPUT, `${name}不是有效日期，应为 YYYY-MM-DD，如 2026-03-01`);
    }
    return value;
  };
  const f = check(from, '开始日期');
  const t = check(to, '结束日期');
  if (f && t && f > t) throw new ApiError(RSP.INVALID_INPUT, '开始日期不能晚于结束日期');
  return {
    since: f ? shanghaiInstant(f) : null,
    before: t ? new Date(shanghaiInstant(t).getTime() + 24 * 3600_000) : null,
    fromDay: f,
    toDay: t,
  };
}

/**
 * A timestamptz as whole microseconds since the epoch, exact (extract gives numeric), for a keyset cursor: a
 * cursor in milliseconds would skip rows whose times differ below the millisecond.
 */
export function epochMicros(column: AnyPgColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
}

/**
 * Rows strictly after a cursor's (time, id) in newest-first order, the time rebuilt exactly from microseconds
 * (decodeCursor allows 16 digits: up to the year 2286).
 */
export function beforeKey(time: AnyPgColumn, id: AnyPgColumn, micros: number, lastId: number): SQL {
  const seconds = Math.floor(micros / 1_000_000);
  const rest = micros - seconds * 1_000_000;
  return sql`(${time}, ${id}) < (to_timestamp(${seconds}::bigint) + ${rest}::int * interval '1 microsecond', ${lastId})`;
}
