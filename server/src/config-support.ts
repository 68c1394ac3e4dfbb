import { isEmail, type SupportContact } from '@loan/domain';

type Env = Record<string, string | undefined>;

export type { SupportContact };

interface SupportSetting {
  variable: string;
  field: keyof SupportContact;
  /** stands in outside production; production refuses it (it reaches nobody) */
  development: string;
  /** what a value must look like, and the problem when it does not */
  valid: (value: string) => boolean;
  shape: string;
}

export const SUPPORT_SETTINGS: readonly SupportSetting[] = [
  {
    variable: 'SUPPORT_PHONE',
    field: 'phone',
    development: '400-820-1234',
    valid: (v) => /^\+?[0-9][0-9 ()-]{4,24}$/.test(v),
    shape: '电话号码（数字、空格、-） / a phone number (digits, spaces, -)',
  },
  {
    variable: 'SUPPORT_EMAIL',
    field: 'email',
    development: 'support@example.com',
    valid: isEmail,
    shape: '邮箱地址 / an e-mail address',
  },
  {
    variable: 'SUPPORT_HOURS',
    field: 'hours',
    development: '工作日 09:00–18:00',
    valid: (v) => [...v].length <= 60,
    shape: '不超过60个字符 / at most 60 characters',
  },
];

/**
 * The customer-service contact from SUPPORT_PHONE, SUPPORT_EMAIL and SUPPORT_HOURS. Outside production the
 * development values stand in; production requires each, set to a value of its own. A malformed value is a
 * problem everywhere.
 */
export function readSupport(env: Env, production: boolean, problems: string[]): SupportContact {
  const contact: Partial<SupportContact> = {};
  for (const setting of SUPPORT_SETTINGS) {
    const name = setting.variable;
    const value = env[name]?.trim();
    if (!value) {
      if (production)
        problems.push(
          `${name} 未设置：生产环境必须设置客服联系方式 / ${name} is not set: required in production`,
        );
      contact[setting.field] = setting.development;
    } else if (!setting.valid(value)) {
      problems.push(`${name} 格式不正确，应为${setting.shape} / ${name} is malformed`);
      contact[setting.field] = setting.development;
    } else {
      if (production && value === setting.development)
        problems.push(
          `${name} 仍为开发默认值，请设置真实的客服联系方式 / ${name} is the development value: set the real one`,
        );
      contact[setting.field] = value;
    }
  }
  return contact as SupportContact;
}
