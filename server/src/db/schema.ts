/**
 * The one Drizzle pg-core schema of PGlite and PostgreSQL, by area under schema/; drizzle-kit reads this index
 * (`npm run db:generate -w server`) and every module imports tables from here.
 */
import type { users } from './schema/accounts.ts';
import type { applicationEvents, applications, products } from './schema/applications.ts';
import type { agreementVersions, documents, loanCertifications, sellerStores } from './schema/borrowers.ts';
import type { couponTemplates } from './schema/coupon-templates.ts';
import type { coupons, feeItems } from './schema/fees.ts';
import type { instalments, ledgerTransactions, loans, settlementRequests } from './schema/loans.ts';
import type { operators, opsRequests } from './schema/operators.ts';
import type { partnerCalls } from './schema/partner-calls.ts';
import type { paymentOrderItems, paymentOrders } from './schema/payments.ts';
import type { refundApplications, refundEvents } from './schema/refunds.ts';

export * from './schema/accounts.ts';
export * from './schema/applications.ts';
export * from './schema/borrowers.ts';
export * from './schema/collections.ts';
export * from './schema/contracts.ts';
export * from './schema/coupon-templates.ts';
export * from './schema/document-blobs.ts';
export * from './schema/fees.ts';
export * from './schema/issued-documents.ts';
export * from './schema/loans.ts';
export * from './schema/notices.ts';
export * from './schema/operators.ts';
export * from './schema/partner-calls.ts';
export * from './schema/payments.ts';
export * from './schema/receiving.ts';
export * from './schema/refunds.ts';
export * from './schema/statements.ts';

/** Every table, children before parents (the order tests truncate them in). */
export const ALL_TABLES = [
  'collection_activities',
  'collection_cases',
  'monthly_statements',
  'notice_deliveries',
  'notices',
  'notice_preferences',
  'issued_documents',
  'sandbox_payout_pointings',
  'receiving_settings',
  'settlement_entries',
  'settlement_checks',
  'sub_account_events',
  'sub_accounts',
  'refund_events',
  'refund_applications',
  'payment_notifies',
  'payment_order_events',
  'payment_order_items',
  'payment_orders',
  'sandbox_gateway_notifies',
  'sandbox_gateway_refunds',
  'sandbox_gateway_orders',
  'sandbox_gateway_requests',
  'partner_call_events',
  'partner_calls',
  'sandbox_bank_requests',
  'settlement_requests',
  'fee_items',
  'coupons',
  'coupon_templates',
  'ledger_daily_totals',
  'ledger_transactions',
  'instalments',
  'loans',
  'sandbox_bank_jobs',
  'bank_callbacks',
  'loan_contracts',
  'application_events',
  'applications',
  'loan_certifications',
  'documents',
  'document_blobs',
  'agreement_acceptances',
  'agreement_versions',
  'seller_stores',
  'products',
  'audit_log',
  'ops_request_events',
  'ops_requests',
  'operator_sessions',
  'operator_roles',
  'ops_roles',
  'operators',
  'outbox_messages',
  'direct_login_nonces',
  'verification_codes',
  'code_daily_counts',
  'rate_limit_hits',
  'login_failures',
  'sessions',
  'users',
] as const;

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SellerStoreRow = typeof sellerStores.$inferSelect;
export type AgreementVersionRow = typeof agreementVersions.$inferSelect;
export type LoanCertificationRow = typeof loanCertifications.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationEventRow = typeof applicationEvents.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type OperatorRow = typeof operators.$inferSelect;
export type OpsRequestRow = typeof opsRequests.$inferSelect;
export type PartnerCallRow = typeof partnerCalls.$inferSelect;
export type InstalmentRow = typeof instalments.$inferSelect;
export type SettlementRequestRow = typeof settlementRequests.$inferSelect;
export type FeeItemRow = typeof feeItems.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type CouponTemplateRow = typeof couponTemplates.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentOrderItemRow = typeof paymentOrderItems.$inferSelect;
export type RefundRow = typeof refundApplications.$inferSelect;
export type RefundEventRow = typeof refundEvents.$inferSelect;
