type Env = Record<string, string | undefined>;

/** Where uploaded documents are kept, sealed: the database (default) or an S3-compatible bucket. */
export type FileStorageConfig =
  | { kind: 'database' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** an S3-compatible service's address (MinIO, OSS, COS…); null: AWS */
      endpoint: string | null;
      /** bucket in the path rather than the host name (most S3-compatible services) */
      forcePathStyle: boolean;
    };

const S3_SETTINGS = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * FILE_STORAGE: `database` (the default) or `s3` (the default when S3_BUCKET is set). S3 needs S3_BUCKET and a
 * region (S3_REGION or the SDK's AWS_REGION); S3_ENDPOINT and S3_FORCE_PATH_STYLE=1 for S3-compatible services;
 * credentials come from the SDK's usual sources (AWS_ACCESS_KEY_ID…, a role). Refused everywhere, one line each:
 * an unknown FILE_STORAGE, s3 without a bucket or a region, an S3_* setting while the files go to the database
 * (a setting silently ignored is a setting not in force), a malformed endpoint or switch.
 */
export function readFileStorage(env: Env, problems: string[]): FileStorageConfig {
  const value = (name: string) => env[name]?.trim() || null;
  const chosen = value('FILE_STORAGE') ?? (value('S3_BUCKET') ? 's3' : 'database');
  if (chosen !== 'database' && chosen !== 's3') {
    problems.push(
      `FILE_STORAGE=${JSON.stringify(chosen)} 不是可用的取值（database、s3） / FILE_STORAGE must be database or s3`,
    );
    return { kind: 'database' };
  }
  if (chosen === 'database') {
    for (const name of S3_SETTINGS.filter((n) => value(n)))
      problems.push(
        `${name} 已设置，但文件保存在数据库中（FILE_STORAGE=database）：请设置 FILE_STORAGE=s3 或删除 ${name} / ${name} is set but documents go to the database`,
      );
    return { kind: 'database' };
  }
  const bucket = value('S3_BUCKET');
  const region = value('S3_REGION') ?? value('AWS_REGION');
  const endpoint = value('S3_ENDPOINT');
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? '0';
  if (!bucket)
    problems.push('S3_BUCKET 未设置：FILE_STORAGE=s3 需要存储桶名称 / S3_BUCKET is required for s3');
  if (!region)
    problems.push(
      'S3_REGION 未设置：FILE_STORAGE=s3 需要区域 / S3_REGION (or AWS_REGION) is required for s3',
    );
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint))
    problems.push('S3_ENDPOINT 必须是 http(s):// 地址 / S3_ENDPOINT must be an http(s) URL');
  if (!['0', '1'].includes(pathStyle))
    problems.push('S3_FORCE_PATH_STYLE 只能是 0 或 1 / S3_FORCE_PATH_STYLE must be 0 or 1');
  return {
    kind: 's3',
    bucket: bucket ?? '',
    region: region ?? '',
    endpoint,
    forcePathStyle: pathStyle === '1',
  };
}
