import { STEP_INFO, type StepInfo, type StepKey } from './application-steps.ts';

/** The step the borrower does next once the bank has approved: the first borrower's step after BANK_REVIEW. */
export function stepAfterApproval(flow: readonly StepKey[]): StepInfo | null {
  const review = flow.indexOf('BANK_REVIEW');
  if (review < 0) return null;
  const next = flow.slice(review + 1).find((key) => STEP_INFO[key].by === 'BORROWER');
  return next ? STEP_INFO[next] : null;
}

/** What an approved application tells the borrower to do next, in the words of its bank's flow. */
export function approvedNextText(flow: readonly StepKey[]): string {
  const next = stepAfterApproval(flow);
  return next ? `下一步：${next.title}，${next.description}。` : '合作机构将安排放款，结果会自动显示在本页。';
}
