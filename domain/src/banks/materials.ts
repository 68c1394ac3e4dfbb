import type { StepKey } from './application-steps.ts';

/** The catalogue of materials a product may require before an application can be submitted. */
export const MATERIALS = [
  'BUSINESS_LICENCE',
  'LEGAL_PERSON_ID_CARD',
  'BANK_CARD',
  'STORE_AUTHORISATION',
  'SALES_STATEMENT',
  'CREDIT_AUTHORISATION',
] as const;

export type MaterialKey = (typeof MATERIALS)[number];

export interface MaterialInfo {
  readonly key: MaterialKey;
  readonly title: string;
  readonly description: string;
  /** The flow step where the borrower provides it; null for the store authorisation, a prerequisite of all. */
  readonly providedBy: StepKey | null;
}

export const MATERIAL_INFO: Readonly<Record<MaterialKey, MaterialInfo>> = {
  BUSINESS_LICENCE: {
    key: 'BUSINESS_LICENCE',
    title: '营业执照',
    description: '企业营业执照照片或扫描件，信息清晰完整且在有效期内',
    providedBy: 'CERTIFY_COMPANY',
  },
  LEGAL_PERSON_ID_CARD: {
    key: 'LEGAL_PERSON_ID_CARD',
    title: '法人身份证正反面',
    description: '法定代表人居民身份证人像面和国徽面照片',
    providedBy: 'CERTIFY_LEGAL_PERSON',
  },
  BANK_CARD: {
    key: 'BANK_CARD',
    title: '银行卡',
    description: '企业对公账户或法定代表人本人名下的借记卡',
    providedBy: 'BIND_CARD',
  },
  STORE_AUTHORISATION: {
    key: 'STORE_AUTHORISATION',
    title: '店铺授权',
    description: '已授权且在有效期内的电商店铺，供合作机构读取销售数据',
    providedBy: null,
  },
  SALES_STATEMENT: {
    key: 'SALES_STATEMENT',
    title: '店铺销售流水',
    description: '近6个月店铺销售报表或回款流水',
    providedBy: 'UPLOAD_DOCUMENTS',
  },
  CREDIT_AUTHORISATION: {
    key: 'CREDIT_AUTHORISATION',
    title: '征信查询授权',
    description: '同意授权书，授权合作机构查询企业及法定代表人的征信信息',
    providedBy: 'ACCEPT_AGREEMENTS',
  },
};
