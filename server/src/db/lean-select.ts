import { Column, getTableColumns, is, type Query, SQL, Subquery, Table } from 'drizzle-orm';
import type { Database } from './client.ts';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

const decoderOfSql = (value: unknown) => (value as { decoder: Decoder }).decoder;

/** How Drizzle decodes a selected field's value (drizzle-orm's mapResultRow reads the same). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

const isLeaf = (field: unknown) =>
  is(field, Column) || is(field, SQL) || is(field, SQL.Aliased) || is(field, Subquery);

/** The selected fields in the order of the statement's select list, each with its path in the result. */
function orderedFields(
  fields: Record<string, unknown>,
  prefix: string[] = [],
): { path: string[]; field: unknown }[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const path = [...prefix, name];
    if (isLeaf(field)) return [{ path, field }];
    if (is(field, Table)) return orderedFields(getTableColumns(field), path);
    return orderedFields(field as Record<string, unknown>, path);
  });
}

/** A SELECT as Drizzle builds it: its statement and the fields it selects (tables, columns, SQL, nested objects). */
export interface LeanSelectable<Row> {
  toSQL(): Query;
  readonly _: { readonly selectedFields: unknown };
  execute(): Promise<Row[]>;
}

export interface LeanPrepared<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * The rows of `fields` as Drizzle answers them, by a mapper built once for the field list: each value through its
 * column's or expression's decoder into its place in the nested result. Drizzle's generic mapper works out each
 * field's kind and path again for every row, which on the session lookup (every signed-in call) cost more than
 * reading the row. Inner joins only: a left-joined table whose columns are all null stays an object of nulls.
 */
export function rowMapper<Row>(fields: unknown): (rows: unknown[][]) => Row[] {
  const plan = orderedFields(fields as Record<string, unknown>).map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1] as string,
    decoder: decoderOf(field),
  }));
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < plan.length; i++) {
        const { parents, key, decoder } = plan[i] as (typeof plan)[number];
        let node = result;
        for (const name of parents) {
          node[name] ??= {};
          node = node[name] as Record<string, unknown>;
        }
        const raw = row[i];
        node[key] = raw === null || raw === undefined ? null : decoder.mapFromDriverValue(raw);
      }
      return result as Row;
    });
}

/**
 * `query` prepared under `name` (a named statement on PostgreSQL; PGlite's repeated reads are prepared too), its
 * rows in array form mapped by rowMapper. Placeholders (`sql.placeholder`) are filled from `values`.
 */
export function leanPrepared<Row>(db: Database, name: string, query: LeanSelectable<Row>): LeanPrepared<Row> {
  const prepared = db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
    query.toSQL(),
    undefined,
    name,
    true,
    rowMapper<Row>(query._.selectedFields),
  );
  return { execute: (values) => prepared.execute(values) as Promise<Row[]> };
}
