import {
  decryptField,
  type MwsTokenCheckResult,
  STORE_AUTH_STATUS_INFO,
  STORE_AUTH_STATUSES,
  STORE_CREDENTIAL_TEXTS,
} from '@loan/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FIELD_CIPHER } from '../../config';
import { readSession } from '../../session/session';
import { fail, fakeApi, fillIn, ok, renderRoutes, shown, shownIn } from '../../test/render';
import { storeCheck } from '../../test/store-fixtures';
import { StoreAuthCard } from './StoreAuthCard';

const TOKEN = 'amzn.mws.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
});

function setup(check: MwsTokenCheckResult, again: () => ReturnType<typeof ok> = () => ok(storeCheck('03'))) {
  api = fakeApi((request) => {
    if (request.url === '/seller/mwsTokenCheck') return ok(check);
    if (request.url === '/seller/againMwsToken') return again();
    return ok(null);
  });
  renderRoutes([{ path: '/', element: <StoreAuthCard /> }]);
  return { api, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

const card = () =>
  screen.getByText('店铺授权', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

describe('StoreAuthCard', () => {
  it.each(STORE_AUTH_STATUSES)(
    'status %s shows its label, explanation, next action and button',
    async (status) => {
      setup(storeCheck(status));
      const info = STORE_AUTH_STATUS_INFO[status];
      await shown(info.explanation);
      expect(within(card()).getByText(info.label)).toBeInTheDocument();
      expect(screen.getByText(info.nextAction)).toBeInTheDocument();
      const button = {
        '01': '授权店铺',
        '02': '刷新状态',
        '03': '重新授权',
        '04': '重新授权',
        '05': '重新授权',
      }[status];
      expect(
        screen.getByRole('button', { name: new RegExp(button.split('').join('\\s*')) }),
      ).toBeInTheDocument();
      if (status === '02') expect(screen.queryByRole('button', { name: /授权/ })).toBeNull();
      // the session record follows shopAuth (docs/PRODUCT.md §3)
      expect(readSession().storeInfo?.storeCreditStatus).toBe(status);
    },
  );

  it('shows the store and its dates in Beijing time', async () => {
    setup(storeCheck('03'));
    await shown('A1DEMOSTORE001');
    expect(screen.getByText('明远跨境旗舰店')).toBeInTheDocument();
    // 2026-03-01T16:30Z is 2026-03-02 in Shanghai
    expect(screen.getByText('2026-03-02')).toBeInTheDocument();
    expect(screen.getByText('2027-03-02')).toBeInTheDocument();
    expect(readSession().storeInfo).toEqual({
      storeCreditStatus: '03',
      sellerId: 'A1DEMOSTORE001',
      sellerName: '明远跨境旗舰店',
    });
  });

  it('shows the store’s sales and estimated limit with the bank’s final say; none while it cannot apply', async () => {
    setup(storeCheck('03'));
    await shown('2,400,000.00 元');
    const sales = screen.getByText('近12个月销售额').closest('tr') as HTMLElement;
    expect(sales).toHaveTextContent('2,400,000.00 元');
    expect(screen.getByText('预估可借额度').closest('tr')).toHaveTextContent('720,000.00 元');
    expect(screen.getByTestId('limit-note')).toHaveTextContent(
      '预估可借额度为近12个月销售额的30%，申请时金额不能超过它；最终额度以合作机构审批为准。',
    );
    cleanup();
    api?.restore();
    setup(storeCheck('04'));
    await shown(STORE_AUTH_STATUS_INFO['04'].explanation);
    expect(screen.queryByText('预估可借额度')).toBeNull();
    expect(screen.queryByTestId('limit-note')).toBeNull();
  });

  it('validates the form next to the fields without calling the server', async () => {
    const { user, api } = setup(storeCheck('01'));
    await user.click(await screen.findByRole('button', { name: /授权店铺/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /提交授权/ }));
    await shownIn(dialog, STORE_CREDENTIAL_TEXTS.sellerIdRequired);
    await shownIn(dialog, STORE_CREDENTIAL_TEXTS.tokenRequired);
    await fillIn(user, within(dialog).getByLabelText('卖家编号（Seller ID）'), 'B123');
    await fillIn(user, within(dialog).getByLabelText('店铺授权令牌'), 'amzn.mws.xyz');
    await user.click(within(dialog).getByRole('button', { name: /提交授权/ }));
    await shownIn(dialog, STORE_CREDENTIAL_TEXTS.sellerIdShape);
    await shownIn(dialog, STORE_CREDENTIAL_TEXTS.tokenShape);
    expect(api.requests.some((r) => r.url === '/seller/againMwsToken')).toBe(false);
  });

  it('sends the token as cipher text, updates the card and the session', async () => {
    const { user, api } = setup(storeCheck('01'));
    await user.click(await screen.findByRole('button', { name: /授权店铺/ }));
    const dialog = await screen.findByRole('dialog');
    await fillIn(user, within(dialog).getByLabelText('卖家编号（Seller ID）'), 'a1demostore001');
    await fillIn(user, within(dialog).getByLabelText('店铺授权令牌'), TOKEN);
    await user.click(within(dialog).getByRole('button', { name: /提交授权/ }));

    await waitFor(() => expect(api.requests.some((r) => r.url === '/seller/againMwsToken')).toBe(true));
    const body = api.requests.find((r) => r.url === '/seller/againMwsToken')?.data as {
      sellerId: string;
      mwsAuthToken: string;
    };
    expect(body.sellerId).toBe('A1DEMOSTORE001');
    expect(body.mwsAuthToken).not.toContain('amzn');
    expect(decryptField(body.mwsAuthToken, FIELD_CIPHER)).toBe(TOKEN);
    await shown(/店铺授权成功/);
    await shownIn(card(), STORE_AUTH_STATUS_INFO['03'].label);
    expect(readSession().storeInfo).toEqual({
      storeCreditStatus: '03',
      sellerId: 'A1DEMOSTORE001',
      sellerName: '明远跨境旗舰店',
    });
  });

  it('shows a refusal of the marketplace in the form and keeps the status', async () => {
    const { user } = setup(storeCheck('04'), () =>
      fail('3202', '店铺授权失败：卖家编号或店铺授权令牌不正确，请在电商平台卖家后台核对后重试'),
    );
    await user.click(await screen.findByRole('button', { name: /重新授权/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('卖家编号（Seller ID）')).toHaveValue('A1DEMOSTORE001');
    await fillIn(user, within(dialog).getByLabelText('店铺授权令牌'), TOKEN);
    await user.click(within(dialog).getByRole('button', { name: /提交授权/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('卖家编号或店铺授权令牌不正确');
    expect(readSession().storeInfo?.storeCreditStatus).toBe('04');
  });

  it('puts a 1001 reason of the server next to its field', async () => {
    const { user } = setup(storeCheck('01'), () => fail('1001', STORE_CREDENTIAL_TEXTS.tokenShape));
    await user.click(await screen.findByRole('button', { name: /授权店铺/ }));
    const dialog = await screen.findByRole('dialog');
    await fillIn(user, within(dialog).getByLabelText('卖家编号（Seller ID）'), 'A1DEMOSTORE001');
    await fillIn(user, within(dialog).getByLabelText('店铺授权令牌'), TOKEN);
    await user.click(within(dialog).getByRole('button', { name: /提交授权/ }));
    const field = within(dialog).getByLabelText('店铺授权令牌').closest('.ant-form-item') as HTMLElement;
    await shownIn(field, STORE_CREDENTIAL_TEXTS.tokenShape);
  });
});
