/**
 * The one catalogue of response codes (DESIGN.md "API conventions").
 * 0000 success; 1xxx input; 2xxx account and session; 3xxx loan rules; 9999 system.
 * HTTP 401 (no valid session) carries SESSION_EXPIRED in its envelope.
 */
export const RSP = {
  OK: '0000',
  INVALID_INPUT: '1001',
  BAD_REQUEST_BODY: '1002',
  BAD_CIPHER_TEXT: '1003',
  NOT_FOUND: '1004',
  PAYLOAD_TOO_LARGE: '1005',
  WRONG_CREDENTIALS: '2001',
  ACCOUNT_LOCKED: '2002',
  BAD_CODE: '2003',
  TOO_MANY_REQUESTS: '2004',
  MUST_CHANGE_PASSWORD: '2005',
  WEAK_PASSWORD: '2006',
  WRONG_OLD_PASSWORD: '2007',
  BAD_TICKET: '2008',
  CODE_SENT_TOO_OFTEN: '2009',
  SAME_PASSWORD: '2010',
  ACCOUNT_DISABLED: '2011',
  // 30xx the application's state machine
  STATE_NOT_ALLOWED: '3001',
  ALREADY_DISBURSED: '3002',
  APPLICATION_CLOSED: '3003',
  ACTOR_NOT_ALLOWED: '3004',
  APPLICATION_NOT_FOUND: '3005',
  // 31xx product rules
  PRODUCT_NOT_FOUND: '3101',
  AMOUNT_BELOW_MIN: '3102',
  AMOUNT_ABOVE_MAX: '3103',
  AMOUNT_NOT_MULTIPLE: '3104',
  TERM_NOT_OFFERED: '3105',
  // 32xx store authorisation
  STORE_NOT_AUTHORISED: '3201',
  // 33xx agreements
  AGREEMENT_NOT_ACCEPTED: '3301',
  AGREEMENT_READ_TOO_SHORT: '3302',
  SESSION_EXPIRED: '4010',
  SYSTEM_ERROR: '9999',
} as const;

export type RspCode = (typeof RSP)[keyof typeof RSP];

const TEXTS: Record<RspCode, string> = {
  '0000': '成功',
  '1001': '输入的数据不合法',
  '1002': '请求格式错误，请检查后重试',
  '1003': '加密字段无法解析，请刷新页面后重试',
  '1004': '请求的接口不存在',
  '1005': '请求内容过大',
  '2001': '账号或密码错误',
  '2002': '账号已被锁定，请15分钟后再试',
  '2003': '验证码错误或已过期，请重新获取',
  '2004': '操作过于频繁，请稍后再试',
  '2005': '请先修改初始密码',
  '2006': '密码需为8-64位，同时包含字母和数字，且不能与登录账号相同',
  '2007': '原密码错误',
  '2008': '登录链接无效或已过期，请重新从合作方页面进入',
  '2009': '验证码发送过于频繁，请60秒后再试',
  '2010': '新密码不能与原密码相同',
  '2011': '账号已停用，请联系客服',
  '3001': '当前状态不允许该操作',
  '3002': '贷款已放款，无法提前取消',
  '3003': '申请已结束，无法继续操作',
  '3004': '无权执行该操作',
  '3005': '申请不存在或无权查看',
  '3101': '产品不存在或已下架',
  '3102': '申请金额低于产品最低额度',
  '3103': '申请金额超过产品最高额度',
  '3104': '申请金额须为规定金额的整数倍',
  '3105': '该产品不提供所选借款期限',
  '3201': '店铺未授权或授权已失效，请先完成店铺授权',
  '3301': '请先阅读并同意相关协议',
  '3302': '请完整阅读协议后再同意',
  '4010': '登录已失效，请重新登录',
  '9999': '系统繁忙，请稍后再试',
};

export function rspText(code: RspCode): string {
  return TEXTS[code];
}

export const ALL_RSP_CODES: readonly RspCode[] = Object.values(RSP);
