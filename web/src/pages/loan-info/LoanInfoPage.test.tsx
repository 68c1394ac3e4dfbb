import {
  type ApplicationDetail,
  MATERIAL_INFO,
  type MwsTokenCheckResult,
  PARTNER_BANKS,
  type ProductCard,
  RSP,
  rspText,
  STORE_AUTH_STATUS_INFO,
  type StoreAuthStatus,
  storeApplyProblem,
} from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_CARDS, productCard } from '../../test/product-cards';
import { fail, fakeApi, fillIn, ok, renderRoutes, shown } from '../../test/render';
import LoanInfoPage from './LoanInfoPage';
import { ANNUALISED_RATE_EXPLANATION } from './product-view';

function storeCheck(shopAuth: StoreAuthStatus): MwsTokenCheckResult {
  return {
    storeInfo: shopAuth === '01' ? null : { sellerId: 'A1DEMOSTORE001', sellerName: '明远跨境旗舰店' },
    shopAuth,
    marketplaceIds: [],
    authorisedAt: null,
    expiresAt: null,
    checkedAt: null,
    annualSales: null,
    estimatedLimit: null,
  };
}

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
});

interface Options {
  status?: StoreAuthStatus;
  products?: () => ReturnType<typeof ok> | { status: number } | Promise<ReturnType<typeof ok>>;
  create?: () => ReturnType<typeof ok>;
}

function setup({ status = '03', products = () => ok({ items: PRODUCT_CARDS }), create }: Options = {}) {
  api = fakeApi((request) => {
    switch (request.url) {
      case '/products/list':
        return products();
      case '/seller/mwsTokenCheck':
        return ok(storeCheck(status));
      case '/users/toUserAllCheck':
        return ok({ steps: [], ready: true });
      case '/seller/againMwsToken':
        return ok(storeCheck('03'));
      case '/loanMgr/createApplication':
        return create ? create() : fail('9999', 'unexpected');
      default:
        return ok(null);
    }
  });
  const view = renderRoutes(
    [
      { path: '/apply/LoanInfo', element: <LoanInfoPage /> },
      { path: '/apply/loanDetail', element: <div>calculator page</div> },
      { path: '/apply/LoanInfo_CRBANK/:mcOrderNo', element: <div>crbank page</div> },
    ],
    ['/apply/LoanInfo'],
  );
  return { ...view, api, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

const cardOf = (p: ProductCard) => screen.getByLabelText(`${p.bankName} ${p.name}`);
async function shownCodes(): Promise<string[]> {
  await screen.findAllByText('所需材料');
  const byLabel = new Map(PRODUCT_CARDS.map((p) => [`${p.bankName} ${p.name}`, p.productCode]));
  return [...document.querySelectorAll('.product-card')].map(
    (el) => byLabel.get(el.getAttribute('aria-label') ?? '') ?? '?',
  );
}
const byRate = (sign: number) =>
  [...PRODUCT_CARDS]
    .sort(
      (a, b) =>
        sign * (Number(a.annualisedRateMin) - Number(b.annualisedRateMin)) ||
        sign * (Number(a.annualisedRateMax) - Number(b.annualisedRateMax)),
    )
    .map((p) => p.productCode);

describe('/apply/LoanInfo product list', () => {
  it('shows every product with its figures, sorted by annualised rate, lowest first', async () => {
    setup();
    expect(await shownCodes()).toEqual(byRate(1));
    const ynit = within(cardOf(productCard('YNIT-XT01')));
    expect(ynit.getByText('云南国际信托 · 信托公司')).toBeInTheDocument();
    expect(ynit.getByText('10,000.00 元 ~ 1,000,000.00 元')).toBeInTheDocument();
    expect(ynit.getByText('3 / 6 / 9 / 12 个月')).toBeInTheDocument();
    expect(ynit.getByText('16.80%')).toBeInTheDocument();
    expect(ynit.getByText('等额本息')).toBeInTheDocument();
    expect(ynit.getByText('按期收取 0.20%/月')).toBeInTheDocument();
    expect(ynit.getByText('20.36% ~ 20.99%')).toBeInTheDocument();
    for (const m of productCard('YNIT-XT01').materials) {
      expect(ynit.getByText(MATERIAL_INFO[m].title)).toBeInTheDocument();
    }
    expect(within(cardOf(productCard('CGB-KJED'))).getByText('无')).toBeInTheDocument();
  });

  it('sorts highest first and filters by bank, 全部 first', async () => {
    const { user } = setup();
    await shownCodes();
    const segments = screen.getAllByRole('radio');
    expect(segments[0]?.closest('label')).toHaveTextContent('全部');
    await user.click(screen.getByText(PARTNER_BANKS.CRBANK.name, { selector: '.ant-segmented-item-label' }));
    expect(await shownCodes()).toEqual(byRate(1).filter((c) => c.startsWith('CRB-')));
    await user.click(screen.getByText('全部', { selector: '.ant-segmented-item-label' }));
    await user.click(screen.getByLabelText('排序'));
    await user.click(await screen.findByTitle('年化利率从高到低'));
    await waitFor(async () => expect(await shownCodes()).toEqual(byRate(-1)));
  });

  it('explains the annualised rate on click (keyboard and touch, not hover only)', async () => {
    const { user } = setup();
    await shownCodes();
    const [info] = within(cardOf(productCard('CGB-KJED'))).getAllByRole('button', { name: '年化利率说明' });
    info?.focus();
    await user.keyboard('{Enter}');
    await shown(ANNUALISED_RATE_EXPLANATION);
    // what it says: without fees every repayment method's annualised rate is the nominal one; fees raise it.
    // It must not say a repayment method (等额本息) makes it higher.
    const said = screen.getByText(ANNUALISED_RATE_EXPLANATION).textContent ?? '';
    expect(said).toMatch(/不收服务费时，等额本息、等额本金和先息后本的年化利率都等于名义年利率/);
    expect(said).toMatch(/收取服务费的产品，年化利率高于名义年利率/);
    expect(said).toContain('内部收益率 IRR × 12');
    for (const clause of said.split(/[。；]/).filter((c) => /等额本息|等额本金|先息后本|还款方式/.test(c)))
      expect(clause).not.toMatch(/高于|更高|大于|偏高|上浮/);
    // as the cards show: 等额本息 without fees (华润大额经营贷), 8.64 % nominal and 8.64 % annualised
    const dejy = productCard('CRB-DEJY');
    expect([dejy.method, dejy.serviceFee]).toEqual(['EQUAL_INSTALMENT', null]);
    expect(within(cardOf(dejy)).getAllByText('8.64%')).toHaveLength(2);
  });

  it('试算 opens the calculator with the product preselected', async () => {
    const { user, router } = setup();
    await shownCodes();
    await user.click(within(cardOf(productCard('SHRB-KJD'))).getByRole('button', { name: /试\s*算/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/loanDetail'));
    expect(router.state.location.search).toBe('?productCode=SHRB-KJD');
  });

  it('an authorised store applies: creates the application and goes to its bank page', async () => {
    const bankPath = '/apply/LoanInfo_CRBANK/MC202603020001';
    const { user, router, api } = setup({
      create: () => ok({ application: { bankPath } } as unknown as ApplicationDetail),
    });
    await shownCodes();
    await user.click(within(cardOf(productCard('CRB-RYD'))).getByRole('button', { name: /立即申请/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(bankPath));
    expect(api.requests.find((r) => r.url === '/loanMgr/createApplication')?.data).toEqual({
      productCode: 'CRB-RYD',
    });
  });

  it('a refusal of createApplication is shown and the page stays', async () => {
    const { user, router } = setup({ create: () => fail('3403', rspText(RSP.APPLICATION_IN_PROGRESS)) });
    await shownCodes();
    await user.click(within(cardOf(productCard('CRB-RYD'))).getByRole('button', { name: /立即申请/ }));
    await shown(rspText(RSP.APPLICATION_IN_PROGRESS));
    expect(router.state.location.pathname).toBe('/apply/LoanInfo');
  });

  it.each(['01', '04', '05'] as const)(
    'store %s: says why it cannot apply and offers the authorisation instead',
    async (status) => {
      const { user, api } = setup({ status });
      await shownCodes();
      expect(screen.getByText(rspText(RSP.STORE_NOT_AUTHORISED))).toBeInTheDocument();
      expect(screen.getByText(storeApplyProblem(status)?.reason ?? '?')).toBeInTheDocument();
      const card = within(cardOf(productCard('CRB-RYD')));
      const action = status === '01' ? '授权店铺' : '重新授权';
      const button = card.getByRole('button', {
        name: new RegExp(`店铺${STORE_AUTH_STATUS_INFO[status].label}`),
      });
      expect(button).toHaveTextContent(`${action}后申请`);
      await user.click(button);
      expect(await screen.findByRole('dialog')).toHaveTextContent('卖家编号（Seller ID）');
      expect(api.requests.some((r) => r.url === '/loanMgr/createApplication')).toBe(false);
    },
  );

  it('after authorising in the modal the apply buttons open and the prerequisites are asked again', async () => {
    const { user, api } = setup({ status: '01' });
    await shownCodes();
    const checks = () => api.requests.filter((r) => r.url === '/users/toUserAllCheck').length;
    const before = checks();
    await user.click(within(cardOf(productCard('CRB-RYD'))).getByRole('button', { name: /授权店铺后申请/ }));
    const dialog = await screen.findByRole('dialog');
    await fillIn(user, within(dialog).getByLabelText('卖家编号（Seller ID）'), 'A1DEMOSTORE001');
    await fillIn(
      user,
      within(dialog).getByLabelText('店铺授权令牌'),
      'amzn.mws.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    );
    await user.click(within(dialog).getByRole('button', { name: /提交授权/ }));
    expect(
      await within(cardOf(productCard('CRB-RYD'))).findByRole('button', { name: /立即申请/ }),
    ).toBeEnabled();
    await waitFor(() => expect(checks()).toBeGreaterThan(before));
  });

  it('store 02: the apply button is disabled while the marketplace confirms', async () => {
    setup({ status: '02' });
    await shownCodes();
    const button = within(cardOf(productCard('CRB-RYD'))).getByRole('button', { name: /店铺授权中/ });
    expect(button).toBeDisabled();
  });

  it('an error shows a retry that loads the list', async () => {
    let calls = 0;
    const { user } = setup({
      products: () => {
        calls += 1;
        return calls === 1 ? { status: 500 } : ok({ items: PRODUCT_CARDS });
      },
    });
    await shown('产品列表加载失败');
    await user.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await shownCodes()).toHaveLength(PRODUCT_CARDS.length);
  });

  it('draws its three cards together once its three calls have answered, one placeholder before', async () => {
    let answerProducts: () => void = () => undefined;
    const productsAnswered = new Promise<void>((resolve) => (answerProducts = resolve));
    const { api } = setup({ products: () => productsAnswered.then(() => ok({ items: PRODUCT_CARDS })) });
    await waitFor(() =>
      expect(
        api.requests.filter((r) => ['/seller/mwsTokenCheck', '/users/toUserAllCheck'].includes(r.url)),
      ).toHaveLength(2),
    );
    // the store check and the checklist are in, the products are not: none of the cards yet
    expect(document.querySelector('.page-placeholder')).not.toBeNull();
    expect(screen.queryByText('店铺授权')).not.toBeInTheDocument();
    expect(screen.queryByText('申请前准备')).not.toBeInTheDocument();
    answerProducts();
    expect(await shownCodes()).toHaveLength(PRODUCT_CARDS.length);
    expect(screen.getByText('店铺授权', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getByText('申请前准备', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    // each card shows the page's answer: nothing asked twice
    expect(api.requests.filter((r) => r.url === '/products/list')).toHaveLength(1);
    expect(api.requests.filter((r) => r.url === '/seller/mwsTokenCheck')).toHaveLength(1);
  });

  it('an empty list says so; the store card and the prerequisites stay', async () => {
    setup({ products: () => ok({ items: [] }) });
    await shown('暂无可申请的贷款产品');
    expect(screen.getByText('店铺授权', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getByText('申请前准备', { selector: '.ant-card-head-title' })).toBeInTheDocument();
  });
});
