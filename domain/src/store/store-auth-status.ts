import { RSP, type RspCode } from '../api/rsp-codes.ts';
import { oneOf } from '../one-of.ts';
import type { TagColour } from '../tag-colour.ts';

/**
 * Store authorisation status (docs/PRODUCT.md §3: storeCreditStatus starts "01" and is replaced by shopAuth from
 * GET /seller/mwsTokenCheck). Only an authorised store ("03") may apply for financing.
 */
export const STORE_AUTH_STATUSES = ['01', '02', '03', '04', '05'] as const;

export type StoreAuthStatus = (typeof STORE_AUTH_STATUSES)[number];

/** The status before the store check answers (docs/PRODUCT.md §3). */
export const INITIAL_STORE_AUTH_STATUS: StoreAuthStatus = '01';

/** What the screen offers: authorise, wait, re-authorise, contact support, or nothing to do. */
export type StoreAuthAction = 'AUTHORISE' | 'WAIT' | 'REAUTHORISE' | 'CONTACT_SUPPORT' | 'NONE';

export interface StoreAuthStatusInfo {
  readonly code: StoreAuthStatus;
  readonly label: string;
  readonly colour: TagColour;
  /** What the status means, for the seller. */
  readonly explanation: string;
  /** What to do next. */
  readonly nextAction: string;
  readonly action: StoreAuthAction;
  /** Whether the seller may apply for financing with the store in this status. */
  readonly canApply: boolean;
}

export const STORE_AUTH_STATUS_INFO: Readonly<Record<StoreAuthStatus, StoreAuthStatusInfo>> = {
  '01': {
    code: '01',
    label: '未授权',
    colour: 'default',
    explanation: '您的店铺尚未授权，合作机构无法查看店铺经营数据以评估额度',
    nextAction: '请填写卖家编号（Seller ID）和店铺授权令牌完成店铺授权',
    action: 'AUTHORISE',
    canApply: false,
  },
  '02': {
    code: '02',
    label: '授权中',
    colour: 'processing',
    explanation: '店铺授权已提交，正在等待电商平台确认',
    nextAction: '授权结果通常几分钟内返回，请稍后刷新页面查看',
    action: 'WAIT',
    canApply: false,
  },
  '03': {
    code: '03',
    label: '已授权',
    colour: 'success',
    explanation: '店铺已授权，合作机构可读取店铺销售数据用于评估额度',
    nextAction: '可以选择产品申请融资',
    action: 'NONE',
    canApply: true,
  },
  '04': {
    code: '04',
    label: '授权已过期/已撤销',
    colour: 'warning',
    explanation: '店铺授权已超过有效期（365天）或已在电商平台撤销，合作机构无法再读取店铺数据',
    nextAction: '请重新授权店铺后再申请融资',
    action: 'REAUTHORISE',
    canApply: false,
  },
  '05': {
    code: '05',
    label: '店铺受限',
    colour: 'error',
    explanation: '店铺在电商平台处于受限或暂停销售状态，暂不能申请融资',
    nextAction: '请先在电商平台处理店铺账户问题，恢复正常后重新授权，如有疑问请联系客服',
    action: 'CONTACT_SUPPORT',
    canApply: false,
  },
};

export const isStoreAuthStatus = oneOf(STORE_AUTH_STATUSES);

/** The status of a shopAuth value; anything unknown counts as not authorised, so it never allows applying. */
export function storeAuthStatusOf(value: unknown): StoreAuthStatus {
  return isStoreAuthStatus(value) ? value : INITIAL_STORE_AUTH_STATUS;
}

export function storeAuthInfo(value: unknown): StoreAuthStatusInfo {
  return STORE_AUTH_STATUS_INFO[storeAuthStatusOf(value)];
}

/** Why this store cannot apply (rspCode 3201 with the status's own words), or null when it can. */
export function storeApplyProblem(value: unknown): { code: RspCode; reason: string } | null {
  const info = storeAuthInfo(value);
  if (info.canApply) return null;
  return { code: RSP.STORE_NOT_AUTHORISED, reason: `店铺${info.label}：${info.nextAction}` };
}
