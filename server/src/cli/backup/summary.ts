import { journal } from './inventory.ts';
import type { BackupManifest } from './manifest.ts';
import type { RestoreResult } from './restore.ts';

/** What the commands print about a backup: short, Chinese first. */

/** The tables a summary names, as an operator knows them. */
const NAMED: [string, string][] = [
  ['public.users', '用户 users'],
  ['public.applications', '申请 applications'],
  ['public.loans', '贷款 loans'],
  ['public.payment_orders', '支付单 payment orders'],
  ['public.documents', '证件 documents'],
  ['public.document_blobs', '加密证件文件 sealed files'],
];

export function tablesLine(tables: Record<string, number>): string {
  const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
  return `${Object.keys(tables).length} 张表 tables，共 ${rows} 行 rows`;
}

export function countsLine(tables: Record<string, number>): string {
  return NAMED.map(([table, label]) => `${label} ${tables[table] ?? 0}`).join('，');
}

export function keyIdsLine(keyIds: BackupManifest['keyIds']): string {
  const list = (ids: string[]) => (ids.length ? ids.join(', ') : '-');
  return `加密数据使用的密钥编号 key ids: PII ${list(keyIds.pii)}；STORE_TOKEN ${list(keyIds.storeToken)}`;
}

/** How the backup's migration level stands against this build's migrations. */
function migrationNote(migration: BackupManifest['migration']): string[] {
  const newest = journal().at(-1);
  if (!newest || migration.latestAt === null || migration.latestAt === newest.when) return [];
  if (migration.latestAt > newest.when || migration.latest === null) {
    return [
      `  注意：备份来自更新的版本（迁移 ${migration.latest ?? migration.latestAt}，本版本最新为 ${newest.tag}），请用该版本或更新的版本启动。`,
      '  Note: the backup comes from a newer build than this one: start it with that build or a later one.',
    ];
  }
  return [
    `  备份来自较早的版本：服务器启动时会把它迁移到 ${newest.tag}。`,
    `  The backup comes from an earlier build: the server migrates it to ${newest.tag} when it starts.`,
  ];
}

export function restoredSummary(result: RestoreResult, dataDir: string): string {
  const { manifest, tables, ms } = result;
  const outside = manifest.documentsOutside;
  return [
    `恢复完成 / restored into ${dataDir}（用时 ${ms} ms）`,
    `  备份时间 taken: ${manifest.createdAtShanghai}（上海时间）`,
    `  迁移 migration: ${manifest.migration.latest ?? '-'}（共 ${manifest.migration.applied} 个 applied）`,
    `  ${tablesLine(tables)}，与清单一致 / as the manifest says`,
    `  ${countsLine(tables)}`,
    ...migrationNote(manifest.migration),
    ...(outside.s3 + outside.plainFiles > 0
      ? [
          `  注意：${outside.s3} 份证件在 S3 存储桶、${outside.plainFiles} 份在 FILE_DIR，不在此备份中。`,
          `  Note: ${outside.s3} documents in the S3 bucket and ${outside.plainFiles} in FILE_DIR are not in the backup.`,
        ]
      : []),
  ].join('\n');
}
