import { API, type ApplicationState, RSP } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveUserInfo } from '../../session/session';
import { applicationDetail } from '../../test/application-fixtures';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';

let api: ReturnType<typeof fakeApi>;

afterEach(() => {
  api?.restore();
  sessionStorage.clear();
});

describe('/loading with a session', () => {
  beforeEach(() => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
  });

  const draft = applicationDetail('YNIT-XT01', { rowId: 101 });
  it.each<[ApplicationState, string]>([
    ['DRAFT', draft.application.bankPath],
    ['SUBMITTED', '/auditing?rowId=101'],
    ['UNDER_REVIEW', '/auditing?rowId=101'],
    ['APPROVED', '/auditing?rowId=101'],
    ['REJECTED', '/auditing?rowId=101'],
    ['WITHDRAWN', '/auditing?rowId=101'],
    ['CANCELLED', '/auditing?rowId=101'],
    ['SIGNED', '/auditing?rowId=101'],
    ['DISBURSED', '/record/loanRecord'],
  ])('%s → %s', async (state, target) => {
    api = fakeApi((r) =>
      r.url === API.applicationDetail ? ok(applicationDetail('YNIT-XT01', { rowId: 101, state })) : ok(null),
    );
    const { router } = renderRoutes(appRoutes, ['/loading?rowId=101&productCode=YNIT-XT01']);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target),
    );
    expect(api.requests.find((r) => r.url === API.applicationDetail)?.params).toEqual({
      rowId: '101',
      productCode: 'YNIT-XT01',
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('resolves a CRBANK order number', async () => {
    api = fakeApi((r) =>
      r.url === API.applicationDetail ? ok(applicationDetail('CRB-RYD', { rowId: 9 })) : ok(null),
    );
    const { router } = renderRoutes(appRoutes, ['/loading?mcOrderNo=MC20261121001&bank=CRBANK']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo_CRBANK/MC20261121001'));
    expect(api.requests.find((r) => r.url === API.applicationDetail)?.params).toEqual({
      mcOrderNo: 'MC20261121001',
    });
  });

  it('not found: a clear message with a way back', async () => {
    api = fakeApi(() => fail(RSP.APPLICATION_NOT_FOUND, '申请不存在或无权查看'));
    renderRoutes(appRoutes, ['/loading?rowId=999']);
    await shown('申请不存在或无权查看');
    expect(screen.getByRole('button', { name: '返回贷款信息' })).toBeInTheDocument();
  });

  it('an application of another bank than named is not shown', async () => {
    api = fakeApi(() => ok(applicationDetail('CGB-KJED')));
    const { router } = renderRoutes(appRoutes, ['/loading?rowId=101&bank=YNIT']);
    await shown('申请不存在或无权查看');
    expect(router.state.location.pathname).toBe('/loading');
  });
});

describe('/loading without a session', () => {
  it('goes to sign in, keeping the way back', async () => {
    api = fakeApi(() => ok(null));
    const { router } = renderRoutes(appRoutes, ['/loading?rowId=101']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bmss/toLogin'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/loading?rowId=101');
    expect(api.requests.some((r) => r.url === API.applicationDetail)).toBe(false);
  });

  it('still moves on to a redirect of this site', async () => {
    api = fakeApi(() => ok(null));
    const { router } = renderRoutes(appRoutes, ['/loading?redirect=/about']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });
});
