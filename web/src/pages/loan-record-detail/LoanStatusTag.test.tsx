import { API } from '@loan/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLogin } from '../../session/session';
import { LOAN, record } from '../../test/loan-record-fixtures';
import { fakeApi, ok, renderRoutes, shown } from '../../test/render';
import LoanRecordDetailPage from './LoanRecordDetailPage';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

const headOf = (title: RegExp) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card-head') as HTMLElement;

describe('a loan’s status on its detail', () => {
  it('the head shows the loan’s status (还款中), not the application’s 已放款 beside it', async () => {
    api = fakeApi((r) =>
      r.url === API.loanRecordDetail ? ok(record({ loan: { ...LOAN, status: 'REPAYING' } })) : ok(null),
    );
    renderRoutes(
      [{ path: '/record/loanRecordDetail', element: <LoanRecordDetailPage /> }],
      ['/record/loanRecordDetail?rowId=301'],
    );
    await shown('借款信息');
    const head = headOf(/云南国际信托 · /);
    expect(within(head).getByText('还款中')).toBeInTheDocument();
    expect(within(head).queryByText('已放款')).toBeNull();
  });

  it('before disbursement (no loan) the head keeps the application’s state', async () => {
    const before = record({ loan: null, instalments: [], transactions: [] });
    before.detail.application.state = 'APPROVED';
    api = fakeApi((r) => (r.url === API.loanRecordDetail ? ok(before) : ok(null)));
    renderRoutes(
      [{ path: '/record/loanRecordDetail', element: <LoanRecordDetailPage /> }],
      ['/record/loanRecordDetail?rowId=301'],
    );
    await shown(/云南国际信托 · /);
    expect(within(headOf(/云南国际信托 · /)).getByText('审批通过')).toBeInTheDocument();
  });
});
