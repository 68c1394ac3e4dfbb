import {
  type ApplicationState,
  type BankCode,
  type Product,
  SEED_PRODUCTS,
  type StepKey,
  type StepStatus,
} from '@loan/domain';
import { describe, expect, it } from 'vitest';
import type { ApplicationRow } from '../src/db/schema.ts';
import { applicationSteps, type BorrowerProgress } from '../src/modules/applications/views.ts';
import type { CertificationSummary } from '../src/modules/certification/service.ts';

/** The step bar is read left to right: nothing after the current (or waiting) step shows as done. */

const product = (bank: BankCode): Product => {
  const found = SEED_PRODUCTS.find((p) => p.bank === bank);
  if (!found) throw new Error(`no seed product of ${bank}`);
  return found;
};

const at = new Date('2026-11-21T02:00:00.000Z');
const row = (
  bank: BankCode,
  state: ApplicationState,
  over: Partial<ApplicationRow> = {},
): ApplicationRow => ({
  id: 7,
  userId: 1,
  bank,
  productCode: product(bank).productCode,
  productType: product(bank).productType ?? null,
  mcOrderNo: null,
  state,
  amountFen: 5_000_000,
  termMonths: 12,
  purpose: '采购备货',
  bankRef: null,
  approvedAmountFen: null,
  decisionReason: null,
  stepMarks: {},
  createdAt: at,
  updatedAt: at,
  submittedAt: state === 'DRAFT' ? null : at,
  decidedAt: ['DRAFT', 'SUBMITTED', 'UNDER_REVIEW'].includes(state) ? null : at,
  ...over,
});

const CERTIFIED: CertificationSummary = {
  companyName: '深圳市示例贸易有限公司',
  uscc: '91440300MA5FXXXX1X',
  company: true,
  legalPerson: true,
  bankCard: true,
  salesStatement: true,
};

const progress = (over: Partial<BorrowerProgress> = {}): BorrowerProgress => ({
  agreementsAccepted: true,
  certification: CERTIFIED,
  subAccountBanks: [],
  ...over,
});

const statuses = (bank: BankCode, r: ApplicationRow, p: BorrowerProgress) =>
  Object.fromEntries(applicationSteps(r, product(bank), p, []).map((s) => [s.key, s.status])) as Partial<
    Record<StepKey, StepStatus>
  >;

/** No step after the first step that is not DONE is DONE. */
function readsLeftToRight(bank: BankCode, r: ApplicationRow, p: BorrowerProgress) {
  const list = applicationSteps(r, product(bank), p, []).map((s) => s.status);
  const firstOpen = list.findIndex((s) => s !== 'DONE');
  if (firstOpen >= 0) expect(list.slice(firstOpen)).not.toContain('DONE');
}

describe('application step statuses', () => {
  it('a certification done ahead while the agreements are the current step stays TODO', () => {
    const p = progress({ agreementsAccepted: false });
    expect(statuses('YNIT', row('YNIT', 'DRAFT'), p)).toMatchObject({
      ACCEPT_AGREEMENTS: 'CURRENT',
      CERTIFY_COMPANY: 'TODO',
      CERTIFY_LEGAL_PERSON: 'TODO',
      UPLOAD_DOCUMENTS: 'TODO',
      SUBMIT: 'TODO',
    });
    readsLeftToRight('YNIT', row('YNIT', 'DRAFT'), p);
  });

  it('the same steps turn DONE at once when the bar reaches them', () => {
    expect(statuses('YNIT', row('YNIT', 'DRAFT'), progress())).toMatchObject({
      ACCEPT_AGREEMENTS: 'DONE',
      CERTIFY_COMPANY: 'DONE',
      CERTIFY_LEGAL_PERSON: 'DONE',
      FACE_VERIFY: 'CURRENT',
      UPLOAD_DOCUMENTS: 'TODO',
    });
  });

  it('CGB under review with a collection account already open: the account step after the review is TODO', () => {
    const r = row('CGB', 'UNDER_REVIEW');
    const p = progress({ subAccountBanks: ['CGB'] });
    expect(statuses('CGB', r, p)).toMatchObject({
      SUBMIT: 'DONE',
      BANK_REVIEW: 'WAITING',
      OPEN_COLLECTION_ACCOUNT: 'TODO',
      SIGN_CONTRACT: 'TODO',
    });
    readsLeftToRight('CGB', r, p);
    // approved: the review is done, the account counts, signing is current
    expect(statuses('CGB', row('CGB', 'APPROVED'), p)).toMatchObject({
      BANK_REVIEW: 'DONE',
      OPEN_COLLECTION_ACCOUNT: 'DONE',
      SIGN_CONTRACT: 'CURRENT',
    });
  });

  it.each(['DRAFT', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'CANCELLED'] as const)(
    'FUIOU %s with only the later steps done: nothing after an open step is DONE',
    (state) => {
      const p = progress({ agreementsAccepted: false, subAccountBanks: ['FUIOU'] });
      readsLeftToRight('FUIOU', row('FUIOU', state, { submittedAt: null }), p);
    },
  );
});
