import {
  ACTOR_LABELS,
  APPROVED_STATES,
  type ApplicationDetail,
  type ApplicationStepView,
  type ApplicationView,
  allowedEvents,
  type BankCode,
  bankRoutePath,
  cancelEventFor,
  fenToYuan,
  isBankCode,
  isTerminal,
  PARTNER_BANKS,
  type Product,
  type ProductCard,
  productFlow,
  REVIEWING_STATES,
  RSP,
  rspText,
  STEP_INFO,
  type StepKey,
  type StepStatus,
  signDeadlinePassed,
  type TimelineEntry,
} from '@loan/domain';
import type { ApplicationEventRow, ApplicationRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { CertificationSummary } from '../certification/service.ts';
import { signDeadlineOfRow } from './contract-terms.ts';

/** What the borrower has done outside the application row (agreements, certification, collection account). */
export interface BorrowerProgress {
  agreementsAccepted: boolean;
  certification: CertificationSummary | null;
  /** the banks the borrower has an OPEN collection sub-account at (receiving-account) */
  subAccountBanks: readonly string[];
}

/** 2104: the bank's flow needs the collection sub-account before this action. */
export function subAccountRequired(bank: string, action: string): ApiError {
  const name = isBankCode(bank) ? PARTNER_BANKS[bank].name : bank;
  return new ApiError(
    RSP.SUB_ACCOUNT_REQUIRED,
    `${rspText(RSP.SUB_ACCOUNT_REQUIRED)}：请先在「收款账户」页面开立${name}收款子账户后再${action}`,
  );
}

const bankOf = (row: ApplicationRow): BankCode => (isBankCode(row.bank) ? row.bank : 'YNIT');

/** The portal path of the application's bank page (`/apply/LoanInfo_YNIT/…`); the product list if it cannot be built. */
export function bankPathOf(row: ApplicationRow): string {
  try {
    const bank = bankOf(row);
    const ids = {
      rowId: String(row.id),
      productCode: row.productCode,
      productType: row.productType ?? '',
      mcOrderNo: row.mcOrderNo ?? '',
    };
    return bankRoutePath(bank, ids);
  } catch {
    return '/apply/LoanInfo';
  }
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const yuan = (fen: number | null) => (fen === null ? null : fenToYuan(fen));

/** `loanId`: the loan the application became at disbursement (loans.application_id), else null. */
export function applicationView(row: ApplicationRow, loanId: number | null): ApplicationView {
  const bank = bankOf(row);
  return {
    rowId: row.id,
    bank,
    bankName: PARTNER_BANKS[bank].name,
    productCode: row.productCode,
    productType: row.productType,
    mcOrderNo: row.mcOrderNo,
    state: row.state,
    amount: yuan(row.amountFen),
    termMonths: row.termMonths,
    purpose: row.purpose,
    approvedAmount: yuan(row.approvedAmountFen),
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
    signDeadline: signDeadlineOfRow(row),
    bankPath: bankPathOf(row),
    loanId,
  };
}

/** Whether the borrower has done this step (BANK_REVIEW is the bank's: never "done by the borrower"). */
function borrowerStepDone(
  key: StepKey,
  row: ApplicationRow,
  progress: BorrowerProgress,
  events: readonly ApplicationEventRow[],
): boolean {
  const cert = progress.certification;
  switch (key) {
    case 'ACCEPT_AGREEMENTS':
      return progress.agreementsAccepted;
    case 'CERTIFY_COMPANY':
      return cert?.company === true;
    case 'CERTIFY_LEGAL_PERSON':
      return cert?.legalPerson === true;
    case 'BIND_CARD':
      return cert?.bankCard === true;
    case 'UPLOAD_DOCUMENTS':
      return cert?.salesStatement === true;
    case 'FACE_VERIFY':
      return typeof row.stepMarks.FACE_VERIFY === 'string';
    case 'OPEN_COLLECTION_ACCOUNT':
      return progress.subAccountBanks.includes(row.bank);
    case 'SUBMIT':
      return row.submittedAt !== null;
    case 'SIGN_CONTRACT':
      return events.some((e) => e.event === 'SIGN');
    case 'BANK_REVIEW':
      return false;
  }
}

/**
 * The steps of the product's flow with their status and where the borrower does them. The bar reads left to
 * right: a step is DONE only when every step before it is, so nothing after the current (or waiting) step shows
 * as done — a step done ahead of time (a certification kept from another application) shows as TODO until the
 * bar reaches it, and then as DONE at once.
 */
export function applicationSteps(
  row: ApplicationRow,
  product: Product,
  progress: BorrowerProgress,
  events: readonly ApplicationEventRow[],
): ApplicationStepView[] {
  const flow = productFlow(product);
  const submitAt = flow.indexOf('SUBMIT');
  const reviewAt = flow.indexOf('BANK_REVIEW');
  const submitted = row.submittedAt !== null;
  const closed = isTerminal(row.state);
  const bankPath = bankPathOf(row);
  let currentGiven = false;
  let allDoneSoFar = true;
  return flow.map((key, index): ApplicationStepView => {
    let status: StepStatus;
    if (key === 'BANK_REVIEW') {
      if (row.decidedAt !== null || APPROVED_STATES.includes(row.state) || row.state === 'DISBURSED')
        status = allDoneSoFar ? 'DONE' : 'TODO';
      else status = REVIEWING_STATES.includes(row.state) && allDoneSoFar ? 'WAITING' : 'TODO';
    } else {
      // what was checked at submission stays done even if, say, a new agreement version appears later
      const done = (submitted && index < submitAt) || borrowerStepDone(key, row, progress, events);
      const reachable = index < reviewAt || APPROVED_STATES.includes(row.state);
      if (done && allDoneSoFar) status = 'DONE';
      else if (!done && !currentGiven && !closed && reachable && allDoneSoFar) {
        status = 'CURRENT';
        currentGiven = true;
      } else status = 'TODO';
    }
    if (status !== 'DONE') allDoneSoFar = false;
    const info = STEP_INFO[key];
    return {
      key,
      title: info.title,
      description: info.description,
      by: info.by,
      simulated: info.simulated,
      status,
      path: stepPath(key, row.id, bankPath),
    };
  });
}

function stepPath(key: StepKey, rowId: number, bankPath: string): string | null {
  if (key === 'ACCEPT_AGREEMENTS') return `/agreement?redirect=${encodeURIComponent(bankPath)}`;
  if (key === 'SUBMIT') return `/application/enter?rowId=${rowId}`;
  if (key === 'BANK_REVIEW') return `/auditing?rowId=${rowId}`;
  if (key === 'OPEN_COLLECTION_ACCOUNT') return '/lock/toApplyAccountPage';
  return null;
}

/** The borrower steps of the flow before `step` that are not done (BANK_REVIEW excluded). */
export function missingStepsBefore(
  step: StepKey,
  row: ApplicationRow,
  product: Product,
  progress: BorrowerProgress,
  events: readonly ApplicationEventRow[],
): StepKey[] {
  const flow = productFlow(product);
  const end = flow.indexOf(step);
  const submitAt = flow.indexOf('SUBMIT');
  const submitted = row.submittedAt !== null;
  return flow
    .slice(0, end < 0 ? 0 : end)
    .filter((key) => key !== 'BANK_REVIEW' && key !== 'SUBMIT')
    .filter((key) => !(submitted && flow.indexOf(key) < submitAt))
    .filter((key) => !borrowerStepDone(key, row, progress, events));
}

export function timelineEntry(event: ApplicationEventRow): TimelineEntry {
  const { actor } = event;
  const bankName = event.actorRef && isBankCode(event.actorRef) ? PARTNER_BANKS[event.actorRef].name : null;
  return {
    at: event.at.toISOString(),
    fromState: event.fromState ?? null,
    toState: event.toState,
    event: event.event,
    actor,
    actorLabel: actor === 'BANK' && bankName ? bankName : (ACTOR_LABELS[actor] ?? actor),
    reason: event.reason,
  };
}

export function applicationDetail(
  row: ApplicationRow,
  product: Product,
  card: ProductCard,
  progress: BorrowerProgress,
  events: readonly ApplicationEventRow[],
  now: Date,
  loanId: number | null,
): ApplicationDetail {
  const state = row.state;
  const deadline = signDeadlineOfRow(row);
  const steps = applicationSteps(row, product, progress, events);
  return {
    application: applicationView(row, loanId),
    product: card,
    steps,
    timeline: events.map(timelineEntry),
    canSubmit: state === 'DRAFT' && missingStepsBefore('SUBMIT', row, product, progress, events).length === 0,
    canCancel: cancelEventFor(state) !== null,
    canSign:
      allowedEvents(state, 'BORROWER').includes('SIGN') &&
      !(deadline !== null && signDeadlinePassed(deadline, now)) &&
      missingStepsBefore('SIGN_CONTRACT', row, product, progress, events).length === 0,
  };
}
