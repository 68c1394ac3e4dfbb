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
  FILE_TYPE_NOT_ALLOWED: '1006',
  FILE_TOO_LARGE: '1007',
  // 11xx certification fields
  INVALID_USCC: '1101',
  INVALID_ID_NUMBER: '1102',
  INVALID_PHONE: '1103',
  DOCUMENT_MISSING: '1104',
  INVALID_BANK_CARD: '1105',
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
  STORE_AUTH_FAILED: '3202',
  STORE_SUSPENDED: '3203',
  STORE_OWNED_BY_OTHER: '3204',
  STORE_MARKETPLACE_UNAVAILABLE: '3205',
  // 33xx agreements
  AGREEMENT_NOT_ACCEPTED: '3301',
  AGREEMENT_READ_TOO_SHORT: '3302',
  AGREEMENT_VERSION_OUTDATED: '3303',
  // 34xx the borrower's prerequisites and the application's own rules
  CERTIFICATION_REQUIRED: '3401',
  STEP_NOT_DONE: '3402',
  APPLICATION_IN_PROGRESS: '3403',
  // 35xx partner-bank callbacks
  CALLBACK_BAD_SIGNATURE: '3501',
  CALLBACK_STALE: '3502',
  BANK_DECISION_OUT_OF_RANGE: '3503',
  PARTNER_CALL_IN_PROGRESS: '3504',
  // 36xx loans after disbursement (issue 4)
  LOAN_NOT_FOUND: '3601',
  LOAN_NOT_REPAYING: '3602',
  QUOTE_CHANGED: '3603',
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
  '1006': '文件类型不支持，请上传 JPG、PNG 或 PDF 文件',
  '1007': '文件不能超过 5MB，请压缩后重新上传',
  '1101': '统一社会信用代码校验不通过，请按营业执照核对',
  '1102': '身份证号码校验不通过，请核对后重新输入',
  '1103': '手机号码格式不正确，请输入11位手机号',
  '1104': '请上传所需的证件资料',
  '1105': '银行卡号格式不正确，请输入12-19位数字',
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
  '3202': '店铺授权失败：卖家编号或授权令牌不正确，请在电商平台卖家后台核对后重试',
  '3203': '店铺在电商平台处于受限状态，暂不能授权，请先处理店铺账户问题',
  '3204': '该店铺已被其他账号授权，如有疑问请联系客服',
  '3205': '电商平台暂时无法响应，店铺授权未完成，请稍后重试',
  '3301': '请先阅读并同意相关协议',
  '3302': '请完整阅读协议后再同意',
  '3303': '协议已更新，请阅读最新版本后再同意',
  '3401': '请先完成贷款认证（企业和法定代表人信息）',
  '3402': '请先完成前面的申请步骤',
  '3403': '该产品已有进行中的申请，请继续原申请',
  '3501': '回调签名校验失败',
  '3502': '回调时间戳已过期，请重新发起',
  '3503': '合作机构的审批结果超出申请金额或产品范围，已拒绝',
  '3504': '合作机构正在处理，请稍后刷新查看结果',
  '3601': '贷款不存在或无权查看',
  '3602': '该贷款已结清，无需再还款',
  '3603': '结清金额已变化，请重新获取报价后再确认',
  '4010': '登录已失效，请重新登录',
  '9999': '系统繁忙，请稍后再试',
};

export function rspText(code: RspCode): string {
  return TEXTS[code];
}

export const ALL_RSP_CODES: readonly RspCode[] = Object.values(RSP);
