import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loanRecordDetailPath } from '../../app/paths';
import { readSession, saveLogin } from '../../session/session';
import { coupon } from '../../test/pay-fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { overview, security } from './account-fixtures';
import MyAccountPage from './MyAccountPage';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

const COUPONS = [
  coupon(1, { expiringSoon: true }),
  coupon(2, {
    kind: 'PERCENT_OFF',
    title: '八折券',
    percentOff: 20,
    cap: '100.00',
    amountOff: null,
    threshold: null,
    rule: '服务费减 20%，最高 100.00 元',
  }),
  coupon(3, { kind: 'FREE_FEE', title: '免服务费券', status: 'LOCKED', rule: '免一笔服务费' }),
  coupon(4, {
    status: 'USED',
    amountOff: '10.00',
    threshold: null,
    rule: '立减 10.00 元',
    kindLabel: '立减',
    scope: 'BANKS',
    scopeValues: ['CGB'],
    scopeText: '限广发银行',
    use: {
      usedAt: '2026-11-20T02:00:00.000Z',
      rowId: 101,
      productName: '广发店铺经营贷',
      feeLabel: '一次性服务费',
      text: '2026-11-20 用于 广发店铺经营贷 一次性服务费',
    },
  }),
  coupon(5, { status: 'EXPIRED', title: '过期券' }),
];

function setup(
  answerOverview = () => ok({ ...overview(), couponsCount: 2 }),
  answerCoupons = () => ok({ items: COUPONS, availableCount: 2 }),
) {
  api = fakeApi((r) => {
    if (r.url === API.coupons) return answerCoupons();
    if (r.url === API.accountOverview) return answerOverview();
    if (r.url === API.accountSecurity) return ok(security());
    if (r.url === API.statementList) return ok({ items: [], nextCursor: null });
    return ok(null);
  });
  renderRoutes(
    [
      { path: '/account/myAccount', element: <MyAccountPage /> },
      { path: '/service/serviceDetail', element: <div>fees page</div> },
    ],
    ['/account/myAccount'],
  );
  return userEvent.setup({ pointerEventsCheck: 0 });
}

describe('/account/myAccount coupons', () => {
  it('shows the usable coupons as tickets, marks one expiring soon, and keeps the session count', async () => {
    setup();
    const first = await screen.findByRole('article', { name: '满减券1' });
    expect(within(first).getByText('50.00 元')).toBeInTheDocument();
    expect(within(first).getByText('满 300.00 元减 50.00 元')).toBeInTheDocument();
    expect(within(first).getByText('即将过期')).toBeInTheDocument();
    expect(within(first).getByText('可用')).toBeInTheDocument();
    // the validity in dates only, no time of day
    expect(within(first).getByText('有效期 2026-11-01 至 2026-12-31')).toBeInTheDocument();
    expect(first.textContent).not.toMatch(/\d{2}:\d{2}/);
    expect(within(first).getByText('全部产品可用')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: '八折券' });
    expect(within(second).getByText('8 折')).toBeInTheDocument();
    expect(within(second).queryByText('即将过期')).toBeNull();
    expect(screen.queryByRole('article', { name: '过期券' })).toBeNull();
    expect(readSession().couponsCount).toBe('2');
    await shown('2 张可用');
  });

  it('switches between 可用 / 锁定 / 已使用 / 已过期', async () => {
    const user = setup();
    await screen.findByRole('article', { name: '满减券1' });
    await user.click(screen.getByText('锁定 1'));
    const locked = await screen.findByRole('article', { name: '免服务费券' });
    expect(within(locked).getByText('免费')).toBeInTheDocument();
    expect(within(locked).getByText('锁定')).toBeInTheDocument();
    expect(within(locked).queryByRole('button', { name: '去使用' })).toBeNull();
    await user.click(screen.getByText('已过期 1'));
    await screen.findByRole('article', { name: '过期券' });
    await user.click(screen.getByText('已使用 1'));
    const used = await screen.findByRole('article', { name: '满减券4' });
    // no threshold: 立减, not 满减; the bank by name; when and on what it was used, with the loan one click away
    expect(within(used).getByText('立减')).toBeInTheDocument();
    expect(within(used).queryByText('满减')).toBeNull();
    expect(within(used).getByText('限广发银行')).toBeInTheDocument();
    expect(within(used).getByTestId('coupon-use')).toHaveTextContent(
      '2026-11-20 用于 广发店铺经营贷 一次性服务费 查看贷款',
    );
    expect(within(used).getByRole('link', { name: '查看贷款' })).toHaveAttribute(
      'href',
      loanRecordDetailPath(101),
    );
  });

  it('去使用 goes to the service fees', async () => {
    const user = setup();
    const first = await screen.findByRole('article', { name: '满减券1' });
    await user.click(within(first).getByRole('button', { name: '去使用' }));
    await shown('fees page');
  });
});

describe('/account/myAccount', () => {
  it('shows what I owe, the profile, coupons, security and the links, in that order', async () => {
    setup();
    await screen.findByTestId('owed-next-due');
    await screen.findByText('Chrome · Windows · IP 10.0.0.8');
    const titles = ['我的待还', '个人资料', '我的优惠券', '账户安全', '更多服务'];
    const positions = titles.map((t) => document.body.innerHTML.indexOf(`>${t}<`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(screen.getByRole('link', { name: '申请退款' })).toHaveAttribute('href', '/account/refund');
    expect(screen.getAllByRole('link', { name: '修改密码' })[0]).toHaveAttribute('href', '/account/reset');
  });

  it('keeps the session coupons count from the overview', async () => {
    setup(
      () => ok(overview()),
      () => fail('9999', '系统繁忙，请稍后重试'),
    );
    await screen.findByTestId('owed-next-due');
    await waitFor(() => expect(readSession().couponsCount).toBe('3'));
    await shown('3 张可用');
  });

  it('says when the overview cannot load and loads it again', async () => {
    let calls = 0;
    const user = setup(() => (++calls === 1 ? fail('9999', '系统繁忙，请稍后重试') : ok(overview())));
    await shown('系统繁忙，请稍后重试');
    await user.click(screen.getByRole('button', { name: '重新加载' }));
    await screen.findByTestId('owed-next-due');
  });
});
