// `npm run restore -- <file> [--data-dir DIR]`: a backup of `npm run backup` into an empty data directory.

import { BackupRefusal } from './backup/manifest.ts';
import { restoreEmbedded } from './backup/restore.ts';
import { fromCaller, runCommand } from './backup/run.ts';
import { keyIdsLine, restoredSummary } from './backup/summary.ts';

const USAGE = `用法 / usage: npm run restore -- <FILE> [--data-dir DIR]
  把 npm run backup 的备份恢复到空的数据目录（默认 DATA_DIR）；需要备份旁的清单 FILE.json，以及备份所需的全部密钥。
  Restores a backup of npm run backup into an empty data directory (default DATA_DIR); needs the manifest
  FILE.json beside it and every key id the backup names in the configured keyrings.`;

await runCommand(
  USAGE,
  { 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
  async ({ values, positionals }, config) => {
    const [file] = positionals;
    if (!file || positionals.length > 1) throw new BackupRefusal(USAGE);
    const dataDir = typeof values['data-dir'] === 'string' ? fromCaller(values['data-dir']) : config.dataDir;
    const result = await restoreEmbedded({ file: fromCaller(file), dataDir, keys: config });
    console.log(restoredSummary(result, dataDir));
    console.log(`  ${keyIdsLine(result.manifest.keyIds)}`);
  },
);
