import { RSP } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TemplateLine } from '../../api/coupons';
import { OpsApiError } from '../../api/http';
import { renderAt, signedInAs } from '../../test/render';
import CouponCampaignsPage from './CouponCampaignsPage';

const acts = vi.hoisted(() => ({
  create: vi.fn(),
  update: vi.fn(),
  setActive: vi.fn(),
  issue: vi.fn(),
  revoke: vi.fn(),
}));
const line = (over: Partial<TemplateLine>): TemplateLine => ({
  templateId: 1,
  name: '春季满减',
  kind: 'AMOUNT_OFF',
  kindLabel: '满减',
  rule: '满 100.00 元减 12.34 元',
  amount: '12.34',
  threshold: '100.00',
  percent: null,
  cap: null,
  days: 30,
  lastDay: null,
  validityText: '发放后 30 天内有效',
  scope: 'ALL',
  scopeValues: [],
  scopeText: '全部产品可用',
  trigger: null,
  active: true,
  version: 1,
  updatedAt: '2026-11-27T02:00:00Z',
  issued: 120,
  used: 37,
  revoked: 3,
  discount: '1234.56',
  ...over,
});
const LINES = [
  line({}),
  line({
    templateId: 2,
    name: '认证礼券',
    kind: 'FREE_FEE',
    rule: '免除一笔服务费',
    trigger: 'CERTIFIED',
    issued: 5,
    used: 1,
    revoked: 0,
    discount: '0.01',
  }),
];
vi.mock('../../api/coupons', () => ({
  templatesQuery: () => ({ queryKey: ['ops', 'coupon-templates'], queryFn: async () => LINES }),
  couponActs: acts,
}));

const routes = [
  { path: '/coupons', Component: CouponCampaignsPage },
  { path: '/inbox', element: <p>待我审批页</p> },
];

beforeEach(() => {
  for (const act of Object.values(acts)) act.mockReset();
  signedInAs(['coupon.manage', 'coupon.issue']);
});

describe('优惠券活动', () => {
  it('lists the templates with what each cost, and the total discount to the fen', async () => {
    renderAt(routes, '/coupons');
    const row = (await screen.findByText('春季满减')).closest('tr') as HTMLElement;
    for (const text of ['满 100.00 元减 12.34 元', '120', '37', '3', '1,234.56']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('认证通过时自动发放')).toBeInTheDocument();
    // 1234.56 + 0.01, exactly
    expect(screen.getByText('1,234.57')).toBeInTheDocument();
  });

  it('shows a rule broken under its field before sending, then sends the template exactly as typed', async () => {
    acts.create.mockResolvedValue(line({ templateId: 3 }));
    renderAt(routes, '/coupons');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '新建模板' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('模板名称（即券名）'), '回访满减');
    await user.type(within(dialog).getByLabelText('减免金额（元）'), '200');
    await user.type(within(dialog).getByLabelText('使用门槛（元，不填为无门槛立减）'), '100.5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('满减券的减免金额不能超过使用门槛')).toBeInTheDocument();
    expect(acts.create).not.toHaveBeenCalled();

    const amount = within(dialog).getByLabelText('减免金额（元）');
    await user.clear(amount);
    await user.type(amount, '20.05');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(acts.create).toHaveBeenCalledTimes(1));
    expect(acts.create).toHaveBeenCalledWith({
      name: '回访满减',
      kind: 'AMOUNT_OFF',
      amount: '20.05',
      threshold: '100.5',
      percent: null,
      cap: null,
      days: 30,
      lastDay: null,
      scope: 'ALL',
      scopeValues: [],
      trigger: null,
    });
  });

  it('puts the server’s refusal under the field it names', async () => {
    acts.create.mockRejectedValue(new OpsApiError(RSP.INVALID_INPUT, '模板名称须为 1–40 个字', 200));
    renderAt(routes, '/coupons');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '新建模板' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('模板名称（即券名）'), '券');
    await user.type(within(dialog).getByLabelText('减免金额（元）'), '5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    const message = await within(dialog).findByText('模板名称须为 1–40 个字');
    expect(message.closest('.ant-form-item')).toHaveTextContent('模板名称（即券名）');
  });

  it('issues to a list as a request and says it went to 待我审批', async () => {
    acts.issue.mockResolvedValue({ issued: 0, requestId: 42 });
    renderAt(routes, '/coupons');
    const user = userEvent.setup();
    const row = (await screen.findByText('春季满减')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '按名单发放' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'seller_a, seller_b\nseller_a');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(
      await within(dialog).findByText('已提交批量发放申请（编号 42），共 2 位借款人'),
    ).toBeInTheDocument();
    expect(acts.issue).toHaveBeenCalledWith(1, ['seller_a', 'seller_b']);
    expect(within(dialog).getByRole('link', { name: '待我审批 · 我提交的申请' })).toHaveAttribute(
      'href',
      '/inbox',
    );
  });

  it('deactivates a template after a confirmation', async () => {
    acts.setActive.mockResolvedValue(line({ active: false }));
    renderAt(routes, '/coupons');
    const user = userEvent.setup();
    const row = (await screen.findByText('春季满减')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '停用' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(acts.setActive).toHaveBeenCalledWith(1, false));
  });

  it('hides 按名单发放 from an operator who may not issue', async () => {
    signedInAs(['coupon.manage']);
    renderAt(routes, '/coupons');
    await screen.findByText('春季满减');
    expect(screen.queryByRole('button', { name: '按名单发放' })).not.toBeInTheDocument();
  });
});
