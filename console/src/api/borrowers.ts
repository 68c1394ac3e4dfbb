import {
  type FeeItemView,
  type InstalmentView,
  OPS_API,
  type PaymentOrderView,
  type SubAccountView,
  type TimelineEntry,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

export interface BorrowerFound {
  loginId: string;
  name: string;
  companyName: string | null;
  uscc: string | null;
  disabled: boolean;
  locked: boolean;
  createdAt: string;
}

export interface BorrowerProfile {
  loginId: string;
  name: string;
  phone: string | null;
  email: string | null;
  disabled: boolean;
  locked: boolean;
  passwordChanged: boolean;
  createdAt: string;
  certification: {
    companyName: string;
    uscc: string;
    legalName: string;
    idNumber: string;
    legalPhone: string;
  } | null;
  store: { sellerId: string; sellerName: string; status: string } | null;
  applications: Array<{
    rowId: number;
    bankName: string;
    productCode: string;
    state: string;
    amount: string | null;
    createdAt: string;
  }>;
  loans: Array<{
    loanId: number;
    bankName: string;
    productCode: string;
    principal: string;
    outstandingPrincipal: string;
    status: string;
    disbursedAt: string;
  }>;
  refunds: Array<{ refundNo: string; amount: string; status: string; createdAt: string }>;
  usableCoupons: number;
  audit: Array<{ at: string; action: string; summary: string; ip: string | null }>;
}

export type RevealField = 'phone' | 'email' | 'legalName' | 'idNumber' | 'legalPhone';

export const borrowerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['ops', 'borrowers', 'search', q],
    queryFn: () => opsRequest<BorrowerFound[]>('GET', OPS_API.borrowerSearch, { q }),
    enabled: q.length > 0,
  });

export const borrowerQuery = (loginId: string) =>
  queryOptions({
    queryKey: ['ops', 'borrowers', 'detail', loginId],
    queryFn: () => opsRequest<BorrowerProfile>('GET', OPS_API.borrowerDetail, { loginId }),
  });

export const borrowerActs = {
  reveal: (loginId: string, field: RevealField, reason: string) =>
    opsRequest<{ value: string | null }>('POST', OPS_API.borrowerReveal, { loginId, field, reason }),
  unlock: (loginId: string) => opsRequest<{ removed: number }>('POST', OPS_API.borrowerUnlock, { loginId }),
  disable: (loginId: string, reason: string) =>
    opsRequest('POST', OPS_API.borrowerDisable, { loginId, reason }),
  askEnable: (loginId: string, reason: string) =>
    opsRequest('POST', OPS_API.borrowerEnable, { loginId, reason }),
};

/** The money and history half of the borrower 360, in the borrower's own views. */
export interface BorrowerActivity {
  timelines: { rowId: number; events: TimelineEntry[] }[];
  schedules: { loanId: number; rowId: number; instalments: InstalmentView[] }[];
  feeItems: FeeItemView[];
  payments: PaymentOrderView[];
  receivingAccounts: SubAccountView[];
  signIns: { at: string; action: string; ip: string | null; userAgent: string | null }[];
}

export const borrowerActivityQuery = (loginId: string) =>
  queryOptions({
    queryKey: ['ops', 'borrower-activity', loginId],
    queryFn: () => opsRequest<BorrowerActivity>('GET', OPS_API.borrowerActivity, { loginId }),
  });
