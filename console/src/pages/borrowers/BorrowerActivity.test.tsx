import { OPS_API } from '@loan/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signedInAs } from '../../test/render';
import { BorrowerActivity } from './BorrowerActivity';

const http = vi.hoisted(() => ({ opsRequest: vi.fn() }));
vi.mock('../../api/http', async (original) => ({
  ...(await original<typeof import('../../api/http')>()),
  opsRequest: http.opsRequest,
}));

const instalment = {
  seq: 1,
  dueDate: '2026-12-27',
  principal: '10000.00',
  interest: '120.55',
  fee: '30.00',
  penalty: '0.00',
  paidPrincipal: '0.00',
  paidInterest: '0.00',
  paidFee: '0.00',
  paidPenalty: '0.00',
  due: '10150.55',
  waived: '0.00',
  outstanding: '10150.55',
  status: 'DUE',
  paidAt: null,
};

beforeEach(() => {
  http.opsRequest.mockReset();
  signedInAs(['borrower.read']);
});

describe('the money half of the borrower 360', () => {
  it('shows each loan’s schedule with its figures and Chinese states, and the sign-ins', async () => {
    http.opsRequest.mockResolvedValue({
      timelines: [],
      schedules: [{ loanId: 3, rowId: 9, instalments: [instalment] }],
      feeItems: [],
      payments: [],
      receivingAccounts: [],
      signIns: [{ at: '2026-11-27T01:00:00.000Z', action: 'login.success', ip: '10.0.0.9', userAgent: null }],
    });
    renderAt([{ path: '/', element: <BorrowerActivity loginId="demo" /> }], '/');
    expect(await screen.findByText('借款 3（申请 9）')).toBeInTheDocument();
    expect(screen.getAllByText('10150.55')).toHaveLength(2);
    expect(screen.getByText('待还')).toBeInTheDocument();
    expect(http.opsRequest).toHaveBeenCalledWith('GET', OPS_API.borrowerActivity, { loginId: 'demo' });
    await userEvent.click(screen.getByRole('tab', { name: '登录记录' }));
    expect(await screen.findByText('10.0.0.9')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '付款记录' }));
    expect(await screen.findByText('没有付款')).toBeInTheDocument();
  });
});
