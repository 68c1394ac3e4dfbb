// `npm run backup [-- --out FILE] [--data-dir DIR]`: the embedded database in one file, its manifest beside it.
import { join, sep } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { backupEmbedded, defaultBackupPath } from './backup/backup.ts';
import { BackupRefusal } from './backup/manifest.ts';
import { fromCaller, runCommand } from './backup/run.ts';
import { keyIdsLine, tablesLine } from './backup/summary.ts';

const USAGE = `用法 / usage: npm run backup [-- --out FILE] [--data-dir DIR]
  备份内嵌数据库（DATA_DIR）到一个文件，旁边写出清单 FILE.json；服务器运行时拒绝（请先停止服务器）。
  Backs up the embedded database (DATA_DIR) into FILE, its manifest beside it as FILE.json; refused while the
  server runs (stop it first). Default FILE: backups/portal-<上海时间 yyyyMMdd-HHmmss>.tar.gz`;

await runCommand(
  USAGE,
  { out: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
  async ({ values, positionals }, config) => {
    if (positionals.length > 0) throw new BackupRefusal(USAGE);
    const dataDir = typeof values['data-dir'] === 'string' ? fromCaller(values['data-dir']) : config.dataDir;
    const out =
      typeof values.out === 'string'
        ? fromCaller(values.out)
        : defaultBackupPath(join(REPO_ROOT, 'backups'), new Date());
    const { file, manifestFile, manifest, ms } = await backupEmbedded({ dataDir, out });
    // documents not yet moved out of FILE_DIR are in the dump when FILE_DIR lies inside the data directory
    const fileDirInside = config.fileDir.startsWith(`${dataDir}${sep}`);
    const outside = { ...manifest.documentsOutside };
    if (fileDirInside) outside.plainFiles = 0;
    console.log(
      [
        `备份完成 / backup written: ${file}`,
        `  大小 size: ${(manifest.dump.bytes / 1024 / 1024).toFixed(1)} MiB，用时 took ${ms} ms`,
        `  清单 manifest: ${manifestFile}`,
        `  sha256: ${manifest.dump.sha256}`,
        `  迁移 migration: ${manifest.migration.latest ?? '-'}（共 ${manifest.migration.applied} 个 applied）`,
        `  ${tablesLine(manifest.tables)}`,
        `  ${keyIdsLine(manifest.keyIds)}`,
        '  密钥不在备份中：请把 PII_KEY、STORE_TOKEN_KEY 及其旧密钥另存于密钥库，与备份一起保留；没有密钥的备份无法读取。',
        '  The keys are not in the backup: keep PII_KEY, STORE_TOKEN_KEY and their old keys in a secret store for as',
        '  long as this backup is kept; a backup without its keys is unreadable.',
        ...(outside.s3 + outside.plainFiles > 0
          ? [
              `  注意：${outside.s3} 份证件在 S3 存储桶、${outside.plainFiles} 份在 FILE_DIR，不在此备份中，请另行备份。`,
              `  Note: ${outside.s3} documents in the S3 bucket and ${outside.plainFiles} in FILE_DIR are not in this backup.`,
            ]
          : []),
      ].join('\n'),
    );
  },
);
