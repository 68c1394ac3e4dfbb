import type { TestApp } from './app.ts';
import { applicationCalls, deliverAfterDelay, okResult } from './applications.ts';
import type { ReadyBorrower } from './borrower.ts';
import { ensureSubAccount } from './loans.ts';

/**
 * An application of `productCode` brought to APPROVED by the sandbox bank, with every borrower step the flow
 * asks for before signing done (face verification, the collection account): it can be signed. Returns its id.
 */
export async function approvedApplication(
  t: TestApp,
  b: ReadyBorrower,
  productCode = 'YNIT-XT01',
  amount = '500000',
  termMonths = 12,
): Promise<number> {
  const api = applicationCalls(t);
  const d = okResult(await api.create(b.token, productCode));
  const rowId = d.application.rowId;
  if (d.steps.some((s) => s.key === 'FACE_VERIFY' && s.status !== 'DONE')) {
    okResult(await api.completeStep(b.token, rowId, 'FACE_VERIFY'));
  }
  const keys = d.steps.map((s) => s.key);
  const accountAt = keys.indexOf('OPEN_COLLECTION_ACCOUNT');
  if (accountAt >= 0 && accountAt < keys.indexOf('SUBMIT')) await ensureSubAccount(t, b, d.application.bank);
  okResult(await api.submit(b.token, rowId, amount, termMonths));
  await deliverAfterDelay(t);
  const approved = okResult(await api.detail(b.token, { rowId: String(rowId) }));
  if (approved.application.state !== 'APPROVED')
    throw new Error(`not approved: ${approved.application.state}`);
  if (approved.steps.some((s) => s.key === 'OPEN_COLLECTION_ACCOUNT' && s.status !== 'DONE')) {
    await ensureSubAccount(t, b, approved.application.bank);
  }
  return rowId;
}
