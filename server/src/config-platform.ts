type Env = Record<string, string | undefined>;

/** Who the portal's documents name as the platform: the payee of a receipt, the issuer of a certificate. */
export interface PlatformIdentity {
  /** the operator's registered name (PLATFORM_LEGAL_NAME), printed in full as the payee and issuer */
  legalName: string;
  /** the account that receives fees and repayments (PLATFORM_ACCOUNT_NO); documents print it masked */
  accountNo: string;
  /** the bank that keeps it (PLATFORM_ACCOUNT_BANK) */
  accountBank: string;
  /** where the public pages are reached (PUBLIC_URL, no trailing slash): the QR code of a document points there */
  publicUrl: string;
}

/** Development values: plainly not a real company or account, so no document made with them passes for one. */
export const DEVELOPMENT_PLATFORM: PlatformIdentity = {
  legalName: '跨境电商融资服务平台运营方（开发环境）',
  accountNo: '6200000000000000000',
  accountBank: '开发环境示例银行',
  publicUrl: 'http://127.0.0.1:3000',
};

const SETTINGS = [
  [
    'PLATFORM_LEGAL_NAME',
    'legalName',
    '平台运营方的登记名称（回单的收款方）',
    "the operator's registered name",
  ],
  ['PLATFORM_ACCOUNT_NO', 'accountNo', '平台收款账号', "the platform's receiving account"],
  ['PLATFORM_ACCOUNT_BANK', 'accountBank', '平台收款账户开户行', 'the bank of that account'],
  ['PUBLIC_URL', 'publicUrl', '门户的公网地址（文件验真二维码指向）', "the portal's public address"],
] as const;

/**
 * The platform's identity from PLATFORM_LEGAL_NAME, PLATFORM_ACCOUNT_NO, PLATFORM_ACCOUNT_BANK and PUBLIC_URL.
 * Outside production an unset one takes its development value; production refuses to start without each (a
 * receipt must not name a made-up payee), and everywhere PUBLIC_URL must be an http(s) address.
 */
export function readPlatform(env: Env, production: boolean, problems: string[]): PlatformIdentity {
  const identity = { ...DEVELOPMENT_PLATFORM };
  for (const [name, key, zh, en] of SETTINGS) {
    const value = env[name]?.trim();
    if (value) identity[key] = value;
    else if (production) problems.push(`${name} 未设置：生产环境必须设置${zh} / ${name} is not set: ${en}`);
  }
  identity.publicUrl = identity.publicUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(identity.publicUrl)) {
    problems.push('PUBLIC_URL 必须是 http(s) 地址 / PUBLIC_URL must be an http(s) address');
  }
  return identity;
}
