import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** statements kept prepared at most (a text that varies, like an IN list of many lengths, stops at the cap) */
export const MAX_PREPARED_READS = 256;
/** texts seen once and remembered, at most (then forgotten together) */
const MAX_SEEN = 4096;
/** a plain read: one SELECT (drizzle's select builders), not a write, not a locking read */
const PLAIN_READ = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i;
/** a SELECT that changes something (a sequence, a lock, a setting, a notification) keeps PGlite's path too */
const CHANGES = /\b(nextval|setval|pg_advisory\w*|pg_try_advisory\w*|pg_notify|set_config|lo_\w+)\s*\(/i;

interface Statement {
  name: string;
  /** the parameters' type OIDs, as PostgreSQL described them when the statement was prepared */
  paramTypes: number[];
}

/** The PGlite internals its own query() runs under: the transaction mutex, then the query mutex. */
type Exclusive = Pick<PGlite, 'runExclusive'> & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * PGlite plans a statement again each time it runs it: its query() sends an unnamed Parse, then Describe, Bind,
 * Describe, Execute and Sync, six calls into the WebAssembly PostgreSQL that shares the server's one thread. The
 * session lookup every signed-in call makes cost 0.8 ms that way and 0.3 ms prepared. So a plain SELECT run a
 * second time outside a transaction is kept as a named prepared statement, as node-postgres keeps drizzle's
 * prepared queries on PostgreSQL, and later runs bind and execute it in one call. Writes, locking reads, SELECTs
 * that change something (nextval, advisory locks) and everything inside a transaction take PGlite's own path, so
 * what is written and synced to disk is unchanged.
 */
export function withPreparedReads(client: PGlite): PGlite {
  const seen = new Set<string>();
  const prepared = new Map<string, Statement>();
  const exclusive = client as unknown as Exclusive;
  const underLocks = <T>(fn: () => Promise<T>) =>
    exclusive._runExclusiveTransaction(() => exclusive.runExclusive(fn));

  const prepare = async (text: string): Promise<Statement> => {
    const name = `pglite_read_${prepared.size + 1}`;
    const { messages } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  };

  const execute = async <T>(statement: Statement, params: unknown[], options?: QueryOptions) => {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  };

  /** Whether a statement not yet prepared is now: a plain read seen once before, while there is room. */
  const prepareNow = (text: string, options?: QueryOptions): boolean => {
    if (prepared.size >= MAX_PREPARED_READS || options?.blob) return false;
    if (!PLAIN_READ.test(text) || LOCKING.test(text) || CHANGES.test(text)) return false;
    if (seen.has(text)) return true;
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.add(text);
    return false;
  };

  const query = async <T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    if (!prepared.has(text) && !prepareNow(text, options)) return client.query<T>(text, params, options);
    return underLocks(async () => execute<T>(prepared.get(text) ?? (await prepare(text)), params, options));
  };

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
