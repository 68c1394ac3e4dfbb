import { oneOf } from '../one-of.ts';
import { APPLICATION_STEPS, type StepKey } from './application-steps.ts';
import { MATERIALS, type MaterialKey } from './materials.ts';

/** The five partner banks of docs/PRODUCT.md §1 (YNIT is a trust company, FUIOU a payment institution). */
export const BANK_CODES = ['YNIT', 'CGB', 'FUIOU', 'SHRB', 'CRBANK'] as const;

export type BankCode = (typeof BANK_CODES)[number];

/** The route parameters that can identify an application (docs/PRODUCT.md §3). */
export type RouteParam = 'rowId' | 'productCode' | 'productType' | 'mcOrderNo';

/** Which parameters identify an application in each bank's portal route, in route order (docs/PRODUCT.md §2.2). */
export const BANK_ROUTE_PARAMS = {
  YNIT: ['rowId', 'productCode', 'productType'],
  CGB: ['rowId', 'productCode'],
  FUIOU: ['rowId', 'productCode'],
  SHRB: ['rowId', 'productCode', 'productType'],
  CRBANK: ['mcOrderNo'],
} as const satisfies Record<BankCode, readonly RouteParam[]>;

export type InstitutionKind = 'TRUST' | 'BANK' | 'PAYMENT';

export const INSTITUTION_KIND_LABELS: Readonly<Record<InstitutionKind, string>> = {
  TRUST: '信托公司',
  BANK: '商业银行',
  PAYMENT: '支付机构',
};

export interface PartnerBank {
  readonly code: BankCode;
  readonly name: string;
  readonly kind: InstitutionKind;
  readonly routeParams: readonly RouteParam[];
  /** The steps of an application at this bank, in order (application-steps.ts). */
  readonly flow: readonly StepKey[];
  /** What this bank asks of every applicant; a product may ask more. */
  readonly materials: readonly MaterialKey[];
}

/** The catalogue's materials but these, in catalogue order. */
function materialsBut(...left: readonly MaterialKey[]): readonly MaterialKey[] {
  return MATERIALS.filter((material) => !left.includes(material));
}

/** The catalogue's steps but these, in catalogue order. */
function stepsBut(...left: readonly StepKey[]): readonly StepKey[] {
  return APPLICATION_STEPS.filter((step) => !left.includes(step));
}

export const PARTNER_BANKS: Readonly<Record<BankCode, PartnerBank>> = {
  YNIT: {
    code: 'YNIT',
    name: '云南国际信托',
    kind: 'TRUST',
    routeParams: BANK_ROUTE_PARAMS.YNIT,
    flow: stepsBut('BIND_CARD', 'OPEN_COLLECTION_ACCOUNT'),
    materials: materialsBut('BANK_CARD'),
  },
  CGB: {
    code: 'CGB',
    name: '广发银行',
    kind: 'BANK',
    routeParams: BANK_ROUTE_PARAMS.CGB,
    flow: [
      'ACCEPT_AGREEMENTS',
      'CERTIFY_COMPANY',
      'CERTIFY_LEGAL_PERSON',
      'BIND_CARD',
      'SUBMIT',
      'BANK_REVIEW',
      'OPEN_COLLECTION_ACCOUNT',
      'SIGN_CONTRACT',
    ],
    materials: materialsBut('SALES_STATEMENT'),
  },
  FUIOU: {
    code: 'FUIOU',
    name: '富友支付',
    kind: 'PAYMENT',
    routeParams: BANK_ROUTE_PARAMS.FUIOU,
    flow: [
      'ACCEPT_AGREEMENTS',
      'OPEN_COLLECTION_ACCOUNT',
      'CERTIFY_COMPANY',
      'CERTIFY_LEGAL_PERSON',
      'SUBMIT',
      'BANK_REVIEW',
      'SIGN_CONTRACT',
    ],
    materials: ['BUSINESS_LICENCE', 'LEGAL_PERSON_ID_CARD', 'STORE_AUTHORISATION'],
  },
  SHRB: {
    code: 'SHRB',
    name: '上海华瑞银行',
    kind: 'BANK',
    routeParams: BANK_ROUTE_PARAMS.SHRB,
    flow: stepsBut('OPEN_COLLECTION_ACCOUNT'),
    materials: MATERIALS,
  },
  CRBANK: {
    code: 'CRBANK',
    name: '华润银行',
    kind: 'BANK',
    routeParams: BANK_ROUTE_PARAMS.CRBANK,
    flow: [
      'ACCEPT_AGREEMENTS',
      'CERTIFY_LEGAL_PERSON',
      'CERTIFY_COMPANY',
      'BIND_CARD',
      'SUBMIT',
      'BANK_REVIEW',
      'SIGN_CONTRACT',
      'OPEN_COLLECTION_ACCOUNT',
    ],
    materials: materialsBut('SALES_STATEMENT'),
  },
};

export const isBankCode = oneOf(BANK_CODES);
