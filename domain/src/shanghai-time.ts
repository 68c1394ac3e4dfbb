/**
 * Time in China (Asia/Shanghai, UTC+8 all year: China keeps no daylight saving time): the one place that turns an
 * instant into a Shanghai date or wall-clock text, and a Shanghai date and time back into an instant.
 */

/** Shanghai's offset from UTC. */
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The Shanghai wall clock at an instant as ISO text without an offset: "2026-03-02T10:00:00.000". */
function wallClock(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 23);
}

/** The calendar date in Shanghai at an instant (by default now), "YYYY-MM-DD": today in China. */
export function shanghaiDate(at: Date = new Date()): string {
  return wallClock(at).slice(0, 10);
}

/** "YYYY-MM-DD HH:mm:ss" in Shanghai time. */
export function shanghaiDateTime(at: Date): string {
  return wallClock(at).slice(0, 19).replace('T', ' ');
}

/** "YYYY-MM-DD HH:mm" in Shanghai time. */
export function shanghaiMinute(at: Date): string {
  return wallClock(at).slice(0, 16).replace('T', ' ');
}

/** "yyyyMMddHHmmss" in Shanghai time: the stamp inside order and refund numbers. */
export function shanghaiStamp(at: Date): string {
  return wallClock(at).replace(/\D/g, '').slice(0, 14);
}

/**
 * The instant of a Shanghai wall-clock time ("HH:mm:ss" or "HH:mm:ss.SSS", midnight by default) on a date
 * "YYYY-MM-DD"; an Invalid Date when the text is not one.
 */
export function shanghaiInstant(date: string, time = '00:00:00'): Date {
  return new Date(`${date}T${time}+08:00`);
}

/** What the interface shows for no date, or text that is not one. */
const NO_DATE = '—';

/** A calendar date "YYYY-MM-DD" (a due date, a deadline): shown as it is, it has no time zone. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function instantOf(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The interface's one date format, "YYYY-MM-DD" in Shanghai time, of an instant (a Date or ISO 8601 text) or a
 * calendar date "YYYY-MM-DD" (kept as it is); "—" for none or text that is not one. Arithmetic, no Intl
 * formatter (which costs a phone tens of milliseconds to make while a page draws).
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return value;
  const at = instantOf(value);
  return at ? shanghaiDate(at) : NO_DATE;
}

/** The interface's one time format, "YYYY-MM-DD HH:mm:ss" in Shanghai time, of an instant; "—" for none. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const at = instantOf(value);
  return at ? shanghaiDateTime(at) : NO_DATE;
}
