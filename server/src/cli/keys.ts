// `npm run keys -w server -- <command>`: the keys of data at rest (see KEYS_USAGE).
import { parseArgs } from 'node:util';
import { createFileStorage } from '../adapters/files/sealed.ts';
import { KEYS_USAGE, keyStatus, rotateKeys } from './keys/commands.ts';
import { withDatabase } from './open.ts';

function parse(argv: string[]): { command: string; batch: number } | null {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { batch: { type: 'string' } },
    });
    const batch = Number(values.batch ?? 500);
    const [command] = positionals;
    if (positionals.length !== 1 || !command || !['rotate', 'status'].includes(command)) return null;
    if (!Number.isInteger(batch) || batch < 1 || batch > 100_000) return null;
    return { command, batch };
  } catch {
    return null;
  }
}

const parsed = parse(process.argv.slice(2));
if (!parsed) {
  console.error(KEYS_USAGE);
  process.exit(1);
}

await withDatabase(async (database, config) => {
  const env = {
    db: database.db,
    keys: config,
    print: (line: string) => console.log(line),
    documentStores: createFileStorage(config, database.db).backends,
  };
  return parsed.command === 'rotate' ? rotateKeys(env, parsed.batch) : keyStatus(env);
});
