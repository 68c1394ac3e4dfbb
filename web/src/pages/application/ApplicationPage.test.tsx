import { API, MATERIAL_INFO, STEP_INFO } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveUserInfo } from '../../session/session';
import { applicationDetail } from '../../test/application-fixtures';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fakeApi, ok, renderRoutes, shown } from '../../test/render';

let api: ReturnType<typeof fakeApi>;

afterEach(() => {
  api?.restore();
  sessionStorage.clear();
});

describe('/application without a session', () => {
  it('explains the journey, the materials and 年化利率, and offers sign-in and material entry', async () => {
    api = fakeApi(() => ok(null));
    const { router } = renderRoutes(appRoutes, ['/application']);
    await shown('申请流程');
    expect(screen.getByText(STEP_INFO.BANK_REVIEW.title)).toBeInTheDocument();
    expect(screen.getByText(MATERIAL_INFO.BUSINESS_LICENCE.title)).toBeInTheDocument();
    expect(screen.getByText('什么是年化利率')).toBeInTheDocument();
    expect(api.requests.some((r) => r.url === API.applicationList)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bmss/toLogin'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/application');
  });

  it('资料录入 goes to material entry', async () => {
    api = fakeApi(() => ok(null));
    const { router } = renderRoutes(appRoutes, ['/application']);
    await userEvent.click(await screen.findByRole('button', { name: /资料录入/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/materialLogin'));
  });
});

describe('/application with a session', () => {
  it('shows the prerequisites, my applications with their links, and the certification form', async () => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    const draft = applicationDetail('CGB-KJED', { rowId: 11 }).application;
    const review = applicationDetail('CRB-RYD', {
      rowId: 12,
      state: 'UNDER_REVIEW',
      amount: '20000.00',
      termMonths: 6,
    }).application;
    api = fakeApi((r) => {
      if (r.url === API.applicationList) return ok({ items: [draft, review] });
      if (r.url === API.toUserAllCheck)
        return ok({
          ready: false,
          steps: [
            { key: 'certify', title: '完成贷款认证', done: false, path: '/application', available: true },
          ],
        });
      if (r.url === API.loanCertification) return ok({ certification: null });
      return ok(null);
    });
    renderRoutes(appRoutes, ['/application']);
    const mine = await screen.findByRole('list', { name: '我的申请' });
    const items = within(mine).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('广发银行 · CGB-KJED');
    expect(items[0]).toHaveTextContent('草稿');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: /继续申请/ })).toHaveAttribute(
      'href',
      draft.bankPath,
    );
    expect(items[1]).toHaveTextContent('20,000.00 元 · 6 个月');
    expect(items[1]).toHaveTextContent('审核中');
    expect(within(items[1] as HTMLElement).getByRole('link', { name: /查看进度/ })).toHaveAttribute(
      'href',
      '/auditing?rowId=12',
    );
    await shown('完成贷款认证');
    expect(screen.getByRole('link', { name: /选择贷款产品/ })).toHaveAttribute('href', '/apply/LoanInfo');
    // the CGB draft binds a card: the form asks for it
    expect(await screen.findByLabelText('企业名称')).toBeInTheDocument();
    expect(screen.getByLabelText('银行卡号')).toBeInTheDocument();
  });

  it('with no application: an empty state leading to the products', async () => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    api = fakeApi((r) =>
      r.url === API.applicationList
        ? ok({ items: [] })
        : r.url === API.toUserAllCheck
          ? ok({ ready: true, steps: [] })
          : ok(r.url === API.loanCertification ? { certification: null } : null),
    );
    renderRoutes(appRoutes, ['/application']);
    await shown('您还没有融资申请');
    expect(screen.getByRole('link', { name: '去选择贷款产品' })).toHaveAttribute('href', '/apply/LoanInfo');
  });
});
