import { OPS_API } from '@loan/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signedInAs } from '../../test/render';
import OperatorsPage from './OperatorsPage';

const http = vi.hoisted(() => ({ opsRequest: vi.fn() }));
vi.mock('../../api/http', async (original) => ({
  ...(await original<typeof import('../../api/http')>()),
  opsRequest: http.opsRequest,
}));

const roles = [
  { code: 'support', name: '客服', permissions: ['borrower.read'], bankScope: null },
  { code: 'cgb-support', name: '广发客服', permissions: ['borrower.read'], bankScope: ['YNIT', 'CGB'] },
];

beforeEach(() => {
  http.opsRequest.mockReset();
  http.opsRequest.mockImplementation(async (_method: string, path: string) =>
    path === OPS_API.roles ? roles : [],
  );
  signedInAs(['operator.manage']);
});

describe('the operators page', () => {
  it('shows each role’s 数据范围: all partner banks, or the banks by their Chinese names', async () => {
    renderAt([{ path: '/operators', Component: OperatorsPage }], '/operators');
    const scoped = (await screen.findByText('广发客服')).closest('tr');
    const all = screen.getByText('客服').closest('tr');
    if (!scoped || !all) throw new Error('no role rows');
    expect(within(all).getByText('全部合作机构')).toBeInTheDocument();
    expect(within(scoped).getByText(/^云南国际信托、.+/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '数据范围' })).toBeInTheDocument();
  });
});
