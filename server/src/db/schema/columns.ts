import {
  type AnyPgColumn,
  bigint,
  bigserial,
  integer,
  jsonb,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An amount of money in fen (bigint), read as a number. */
export const fen = (name: string) => bigint(name, { mode: 'number' });

/** The key of a table other rows point to: a serial `id`. */
export const serialId = () => serial('id').primaryKey();

/** The key of a log that only grows: a bigserial `id`, read as a number. */
export const logId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A required reference to the row this one belongs to: deleted with it. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** A jsonb object of any keys, as received or recorded (payloads, answers, details). */
export const jsonRecord = (name: string) => jsonb(name).$type<Record<string, unknown>>();

/** When a row was made and when it last changed. */
export const timestamps = () => ({
  createdAt: tz('created_at').notNull(),
  updatedAt: tz('updated_at').notNull(),
});

/**
 * One move of a state machine in an event log: from (null for the first row) and to, the event and who caused
 * it, why and when.
 */
export const moveColumns = <
  S extends string = string,
  E extends string = string,
  A extends string = string,
>() => ({
  fromState: text('from_state').$type<S>(),
  toState: text('to_state').$type<S>().notNull(),
  event: text('event').$type<E>().notNull(),
  actor: text('actor').$type<A>().notNull(),
  reason: text('reason'),
  at: tz('at').notNull(),
});
