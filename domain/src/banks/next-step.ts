import { STEP_INFO, type StepInfo, type StepKey } from './application-steps.ts';

/** A step of an application's flow, with its status when known (ApplicationStepView). */
interface FlowStep {
  readonly key: StepKey;
  readonly status?: string;
}

/**
 * The step the borrower does next once the bank has approved: the first borrower's step after BANK_REVIEW not
 * done yet (an application's steps), or simply the first one (a bank's flow).
 */
export function stepAfterApproval(steps: readonly FlowStep[]): StepInfo | null {
  const review = steps.findIndex((step) => step.key === 'BANK_REVIEW');
  if (review < 0) return null;
  const next = steps
    .slice(review + 1)
    .find((step) => STEP_INFO[step.key].by === 'BORROWER' && step.status !== 'DONE');
  return next ? STEP_INFO[next.key] : null;
}

/** What an approved application tells the borrower to do next, in the words of its bank's flow. */
export function approvedNextText(steps: readonly FlowStep[]): string {
  const next = stepAfterApproval(steps);
  return next ? `下一步：${next.title}，${next.description}。` : '合作机构将安排放款，结果会自动显示在本页。';
}
