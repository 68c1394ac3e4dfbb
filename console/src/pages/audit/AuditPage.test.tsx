import { OPS_API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signedInAs } from '../../test/render';
import AuditPage from './AuditPage';

const http = vi.hoisted(() => ({ opsRequest: vi.fn() }));
vi.mock('../../api/http', async (original) => ({
  ...(await original<typeof import('../../api/http')>()),
  opsRequest: http.opsRequest,
}));

const entry = {
  id: 7,
  at: '2026-11-27T02:00:00.000Z',
  action: 'ops.operator.roles_changed',
  actor: 'operator',
  loginId: 'ops-admin',
  ip: '10.0.0.8',
  detail: {
    subject: 'operator:new-op',
    roles: ['finance', 'reviewer'],
    changes: { roles: { before: ['reviewer'], after: ['finance', 'reviewer'] } },
  },
};

beforeEach(() => {
  http.opsRequest.mockReset();
  http.opsRequest.mockResolvedValue({ entries: [entry], nextCursor: null });
  signedInAs(['audit.read']);
});

describe('the audit log page', () => {
  it('shows what an act changed, before and after, when its row is opened', async () => {
    renderAt([{ path: '/audit', Component: AuditPage }], '/audit');
    expect(await screen.findByText('变更运营人员角色')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    const table = await screen.findByRole('table', { name: '变更前后' });
    expect(within(table).getByText('角色')).toBeInTheDocument();
    expect(within(table).getByText('审核')).toBeInTheDocument();
    expect(within(table).getByText('财务、审核')).toBeInTheDocument();
  });

  it('searches by subject', async () => {
    renderAt([{ path: '/audit', Component: AuditPage }], '/audit');
    await screen.findByText('变更运营人员角色');
    await userEvent.type(screen.getByLabelText('对象'), 'operator:new-op');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(http.opsRequest).toHaveBeenLastCalledWith(
        'GET',
        OPS_API.auditSearch,
        expect.objectContaining({ subject: 'operator:new-op' }),
      ),
    );
  });
});
