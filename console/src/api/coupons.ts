import { type CouponKind, type CouponScope, type CouponTrigger, OPS_API } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

/** 优惠券活动: templates with their figures, issuing from one, a borrower's coupons and 作废. */

/** A template's fields as the form sends them (amounts in yuan text). */
export interface TemplateFields {
  name: string;
  kind: CouponKind;
  amount?: string | null;
  threshold?: string | null;
  percent?: number | null;
  cap?: string | null;
  days?: number | null;
  lastDay?: string | null;
  scope?: CouponScope;
  scopeValues?: string[];
  trigger?: CouponTrigger | null;
}

export interface TemplateLine {
  templateId: number;
  name: string;
  kind: CouponKind;
  kindLabel: string;
  rule: string;
  amount: string | null;
  threshold: string | null;
  percent: number | null;
  cap: string | null;
  days: number | null;
  lastDay: string | null;
  validityText: string;
  scope: CouponScope;
  scopeValues: string[];
  scopeText: string;
  trigger: CouponTrigger | null;
  active: boolean;
  version: number;
  updatedAt: string;
  issued: number;
  used: number;
  revoked: number;
  /** what the used coupons took off, yuan */
  discount: string;
}

export interface TemplateOption {
  templateId: number;
  name: string;
  rule: string;
  validityText: string;
  scopeText: string;
}

export interface BorrowerCoupon {
  couponId: number;
  title: string;
  rule: string;
  status: string;
  statusLabel: string;
  validityText: string;
  source: string;
  templateName: string | null;
  issuedBy: string | null;
  createdAt: string;
  usedAt: string | null;
  discount: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
}

export const templatesQuery = () =>
  queryOptions({
    queryKey: ['ops', 'coupon-templates'],
    queryFn: () => opsRequest<TemplateLine[]>('GET', OPS_API.couponTemplates),
  });

export const templateOptionsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'coupon-template-options'],
    queryFn: () => opsRequest<TemplateOption[]>('GET', OPS_API.couponTemplateOptions),
  });

export const borrowerCouponsQuery = (loginId: string) =>
  queryOptions({
    queryKey: ['ops', 'borrowers', 'coupons', loginId],
    queryFn: () => opsRequest<BorrowerCoupon[]>('GET', OPS_API.borrowerCoupons, { loginId }),
  });

export const couponActs = {
  create: (fields: TemplateFields) =>
    opsRequest<TemplateLine>('POST', OPS_API.couponTemplateCreate, { ...fields }),
  update: (templateId: number, fields: TemplateFields) =>
    opsRequest<TemplateLine>('POST', OPS_API.couponTemplateUpdate, { templateId, ...fields }),
  setActive: (templateId: number, active: boolean) =>
    opsRequest<TemplateLine>('POST', OPS_API.couponTemplateSetActive, { templateId, active }),
  issue: (templateId: number, loginIds: string[]) =>
    opsRequest<{ issued: number; requestId: number | null }>('POST', OPS_API.couponIssueTemplate, {
      templateId,
      loginIds,
    }),
  revoke: (couponId: number, reason: string) =>
    opsRequest<{ couponId: number; status: string }>('POST', OPS_API.couponRevoke, { couponId, reason }),
};
