/** Users the browser tests create through the operator CLI, one per test that changes its account. */
export const DIRECT_LOGIN_SECRET = 'e2e-direct-login-secret-0123456789';

export const E2E_USERS = [
  {
    loginId: 'e2e_fresh',
    name: '王初',
    phone: '13900000011',
    email: 'fresh@e2e.test',
    password: 'Fresh1234',
  },
  {
    loginId: 'e2e_forgot',
    name: '赵忘',
    phone: '13900000012',
    email: 'forgot@e2e.test',
    password: 'Forgot1234',
  },
  {
    loginId: 'e2e_logout',
    name: '钱出',
    phone: '13900000013',
    email: 'logout@e2e.test',
    password: 'Logout1234',
  },
  {
    loginId: 'e2e_ynit',
    name: '孙云',
    phone: '13900000021',
    email: 'ynit@e2e.test',
    password: 'Ynit12345',
  },
  {
    loginId: 'e2e_crbank',
    name: '周润',
    phone: '13900000022',
    email: 'crbank@e2e.test',
    password: 'Crbank12345',
  },
  {
    loginId: 'e2e_loans',
    name: '钱贷',
    phone: '13900000023',
    email: 'loans@e2e.test',
    password: 'Loans12345',
  },
  {
    loginId: 'e2e_fees',
    name: '孙费',
    phone: '13900000024',
    email: 'fees@e2e.test',
    password: 'Fees123456',
  },
  {
    loginId: 'e2e_console',
    name: '冯审',
    phone: '13900000026',
    email: 'console@e2e.test',
    password: 'Console1234',
  },
  {
    loginId: 'e2e_account',
    name: '吴收',
    phone: '13900000025',
    email: 'account@e2e.test',
    password: 'Account1234',
  },
  {
    loginId: 'e2e_preview',
    name: '郑览',
    phone: '13900000133',
    email: 'preview@e2e.test',
    password: 'Preview1234',
  },
  {
    loginId: 'e2e_contract',
    name: '郑约',
    phone: '13900000031',
    email: 'contract@e2e.test',
    password: 'Contract1234',
  },
  {
    loginId: 'e2e_live',
    name: '陈时',
    phone: '13900000051',
    email: 'live@e2e.test',
    password: 'Live123456',
  },
  {
    loginId: 'e2e_phones',
    name: '冯屏',
    phone: '13900000041',
    email: 'phones@e2e.test',
    password: 'Phones12345',
  },
  {
    loginId: 'e2e_messages',
    name: '林信',
    phone: '13900000081',
    email: 'messages@e2e.test',
    password: 'Messages1234',
  },
  {
    loginId: 'e2e_settle',
    name: '陈清',
    phone: '13900000061',
    email: 'settle@e2e.test',
    password: 'Settle12345',
  },
  {
    loginId: 'e2e_statement',
    name: '许账',
    phone: '13900000071',
    email: 'statement@e2e.test',
    password: 'Statement1234',
  },
  {
    loginId: 'e2e_collect',
    name: '何催',
    phone: '13900000091',
    email: 'collect@e2e.test',
    password: 'Collect1234',
  },
] as const;

export const DEMO = { loginId: 'demo', password: 'Demo1234', name: '张明', phone: '13800000001' };
export const NEWBIE = { loginId: 'newbie', password: 'Newbie1234', name: '李新' };

/**
 * Demo operators of the console as `npm start` seeds and prints them (server/src/db/seed-operators.ts), with the
 * authenticator secret the banner prints.
 */
export const OPS_PASSWORD = 'Console2026';
export const OPS_ADMIN = {
  loginId: 'ops-admin',
  name: '管理员老周',
  secret: 'LOANDEMOADMINOPSQQQQQQQQQQQQQQQQ',
};
export const OPS_REVIEWER = {
  loginId: 'ops-reviewer',
  name: '审核小王',
  secret: 'LOANDEMOREVIEWEROPSQQQQQQQQQQQQQ',
};
export const OPS_FINANCE = {
  loginId: 'ops-finance',
  name: '财务小李',
  secret: 'LOANDEMOFINANCEOPSQQQQQQQQQQQQQQ',
};
export const OPS_RISK = { loginId: 'ops-risk', name: '风控小赵', secret: 'LOANDEMORISKOPSQQQQQQQQQQQQQQQQQ' };
export const OPS_SUPPORT = {
  loginId: 'ops-support',
  name: '客服小陈',
  secret: 'LOANDEMOSUPPORTOPSQQQQQQQQQQQQQQ',
};
