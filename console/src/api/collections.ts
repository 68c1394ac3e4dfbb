import {
  type CollectionActivityKind,
  type CollectionChannel,
  type ContactOutcome,
  type HardshipDecision,
  type HardshipRelief,
  OPS_API,
  type OverdueBucket,
} from '@loan/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

/** 催收工作台's calls: the worklist, its figures, a borrower's case and the acts on it. */

export interface OperatorRef {
  loginId: string;
  name: string;
}

export interface WorklistLine {
  loginId: string;
  name: string;
  overdueAmount: string;
  daysPastDue: number;
  bucket: OverdueBucket;
  instalments: number;
  lastContact: { at: string; channel: CollectionChannel; outcome: ContactOutcome } | null;
  promise: { promisedDate: string; amount: string } | null;
  nextAction: string | null;
  nextActionDate: string | null;
  assignee: OperatorRef | null;
  caseId: number | null;
}

export interface WorklistPage {
  asOf: string;
  lines: WorklistLine[];
  nextCursor: string | null;
}

export interface WorklistFilter {
  bucket?: OverdueBucket | undefined;
  /** mine, none, or an operator's login id */
  assignee?: string | undefined;
}

export interface CollectionSummary {
  asOf: string;
  buckets: Array<{ bucket: OverdueBucket; borrowers: number; amount: string }>;
  total: { borrowers: number; amount: string };
}

export interface CaseActivity {
  id: number;
  kind: CollectionActivityKind;
  at: string;
  operator: OperatorRef | null;
  text: string | null;
  channel: CollectionChannel | null;
  outcome: ContactOutcome | null;
  promisedDate: string | null;
  amount: string | null;
  relief: HardshipRelief | null;
  assignee: OperatorRef | null;
  state: 'PENDING' | 'KEPT' | 'BROKEN' | 'OPEN' | 'ACCEPTED' | 'DECLINED' | null;
  decidedAt: string | null;
  decidedBy: OperatorRef | null;
  decisionNote: string | null;
  repaid: string | null;
}

export interface CaseMessage {
  noticeId: number;
  at: string;
  title: string;
  category: string;
  read: boolean;
  deliveries: Array<{
    channel: 'sms' | 'email';
    state: string;
    attempts: number;
    sentAt: string | null;
    reason: string | null;
  }>;
}

export interface CollectionCaseView {
  asOf: string;
  borrower: { loginId: string; name: string; companyName: string | null };
  overdue: { amount: string; daysPastDue: number; bucket: OverdueBucket | null };
  case: {
    caseId: number;
    assignee: OperatorRef | null;
    nextAction: string | null;
    nextActionDate: string | null;
    openedAt: string;
  } | null;
  instalments: Array<{
    loanId: number;
    rowId: number;
    bankName: string;
    seq: number;
    dueDate: string;
    daysPastDue: number;
    principal: string;
    interest: string;
    fee: string;
    penalty: string;
    owed: string;
  }>;
  activities: CaseActivity[];
  messages: CaseMessage[];
}

const WORKLIST_PAGE = 20;
const defined = (filter: object) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

export const worklistQuery = (filter: WorklistFilter) =>
  infiniteQueryOptions({
    queryKey: ['ops', 'collections', 'worklist', filter],
    queryFn: ({ pageParam }) =>
      opsRequest<WorklistPage>('GET', OPS_API.collectionWorklist, {
        ...defined(filter),
        limit: WORKLIST_PAGE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const collectionSummaryQuery = (assignee?: string) =>
  queryOptions({
    queryKey: ['ops', 'collections', 'summary', assignee ?? ''],
    queryFn: () => opsRequest<CollectionSummary>('GET', OPS_API.collectionSummary, defined({ assignee })),
  });

export const assigneesQuery = () =>
  queryOptions({
    queryKey: ['ops', 'collections', 'assignees'],
    queryFn: () => opsRequest<OperatorRef[]>('GET', OPS_API.collectionAssignees),
    staleTime: 60_000,
  });

export const collectionCaseQuery = (loginId: string) =>
  queryOptions({
    queryKey: ['ops', 'collections', 'case', loginId],
    queryFn: () => opsRequest<CollectionCaseView>('GET', OPS_API.collectionCase, { loginId }),
  });

type Acted = { caseId: number; activityId: number | null };
const post = (path: string) => (body: Record<string, unknown>) => opsRequest<Acted>('POST', path, body);

/** The acts on a case, each with the borrower's login id in its body. */
export const collectionActs = {
  note: post(OPS_API.collectionNote),
  contact: post(OPS_API.collectionContact),
  promise: post(OPS_API.collectionPromise),
  hardship: post(OPS_API.collectionHardship),
  decide: (body: { loginId: string; activityId: number; decision: HardshipDecision; note?: string }) =>
    post(OPS_API.collectionHardshipDecide)(body),
  assign: (body: { loginId: string; assignee: string | null }) => post(OPS_API.collectionAssign)(body),
  nextAction: post(OPS_API.collectionNextAction),
};
