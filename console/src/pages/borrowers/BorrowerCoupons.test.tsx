import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BorrowerCoupon } from '../../api/coupons';
import { renderAt, signedInAs } from '../../test/render';
import { BorrowerCoupons } from './BorrowerCoupons';

const acts = vi.hoisted(() => ({ revoke: vi.fn(), issue: vi.fn() }));
const coupon = (over: Partial<BorrowerCoupon>): BorrowerCoupon => ({
  couponId: 1,
  title: '春季满减',
  rule: '满 100.00 元减 12.34 元',
  status: 'AVAILABLE',
  statusLabel: '可用',
  validityText: '有效期 2026-11-27 至 2026-12-26',
  source: 'OPERATOR',
  templateName: '春季满减',
  issuedBy: 'rev-1',
  createdAt: '2026-11-27T02:00:00Z',
  usedAt: null,
  discount: null,
  revokedAt: null,
  revokedBy: null,
  revokeReason: null,
  ...over,
});
vi.mock('../../api/coupons', () => ({
  borrowerCouponsQuery: (loginId: string) => ({
    queryKey: ['ops', 'borrowers', 'coupons', loginId],
    queryFn: async () => [
      coupon({}),
      coupon({ couponId: 2, title: '已用券', status: 'USED', statusLabel: '已使用', discount: '12.34' }),
    ],
  }),
  templateOptionsQuery: () => ({ queryKey: ['ops', 'coupon-template-options'], queryFn: async () => [] }),
  couponActs: acts,
}));

const at = (canRevoke: boolean) => [
  { path: '/', element: <BorrowerCoupons loginId="seller_a" canRevoke={canRevoke} canIssue={false} /> },
];

beforeEach(() => {
  acts.revoke.mockReset();
  signedInAs(['borrower.read', 'coupon.manage']);
});

describe('a borrower’s coupons in the drawer', () => {
  it('offers 作废 beside an unused coupon only, for a reason', async () => {
    acts.revoke.mockResolvedValue({ couponId: 1, status: 'REVOKED' });
    renderAt(at(true), '/');
    const user = userEvent.setup();
    const used = (await screen.findByText('已用券')).closest('tr') as HTMLElement;
    expect(within(used).queryByRole('button', { name: '作废' })).not.toBeInTheDocument();
    expect(within(used).getByText('抵扣 12.34 元')).toBeInTheDocument();
    const unused = (await screen.findAllByText('春季满减'))[0]?.closest('tr') as HTMLElement;
    await user.click(within(unused).getByRole('button', { name: '作废' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '发错了');
    await user.click(within(dialog).getByRole('button', { name: '作废' }));
    await waitFor(() => expect(acts.revoke).toHaveBeenCalledWith(1, '发错了'));
  });

  it('shows no 作废 to an operator without coupon.manage', async () => {
    renderAt(at(false), '/');
    await screen.findByText('已用券');
    expect(screen.queryByRole('button', { name: '作废' })).not.toBeInTheDocument();
  });
});
