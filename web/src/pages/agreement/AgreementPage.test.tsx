import { type AgreementStatusResult, API } from '@loan/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/routes';
import { agreementText } from '../../components/agreement/agreement-fixtures';
import { saveLogin, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO, NEWBIE_USER_INFO } from '../../test/fixtures';
import { fakeApi, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';

type Reply = { body: unknown };
let api: ReturnType<typeof fakeApi>;
function serve(handler: (request: RecordedRequest) => Reply | undefined) {
  api = fakeApi((request) => handler(request) ?? ok({ sandbox: true }));
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
  vi.useRealTimers();
});

const seconds = async (n: number) => {
  for (let i = 0; i < n; i++) await act(async () => vi.advanceTimersByTime(1000));
};

function status(accepted: Record<string, boolean>): AgreementStatusResult {
  const items = (
    [
      ['GENERAL', '用户服务协议', '/agreement'],
      ['SERVICE', '融资咨询服务协议', '/serviceAgreement'],
      ['INFO', '信息咨询服务协议', '/infoAgreement'],
      ['RELEASE', '授权书', '/releaseForm'],
    ] as const
  ).map(([kind, title, route]) => ({
    kind,
    title,
    route,
    version: 'v1',
    accepted: accepted[kind] ?? false,
    acceptedAt: accepted[kind] ? '2026-03-01T02:00:00.000Z' : null,
  }));
  return { items, allAccepted: items.every((i) => i.accepted) };
}

describe('/agreement tick-box page', () => {
  it('signed in: ticks the general agreement after the countdown, lists the three documents, continues', async () => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    let general = false;
    serve((r) => {
      if (r.url === API.agreementText) return ok(agreementText('GENERAL'));
      if (r.url === API.agreementStatus)
        return ok(status({ GENERAL: general, SERVICE: true, INFO: true, RELEASE: true }));
      if (r.url === API.userReadAgr) {
        general = true;
        return ok({ kind: 'GENERAL', version: 'v1', acceptedAt: '2026-03-02T02:00:06.000Z' });
      }
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderRoutes(appRoutes, ['/agreement?redirect=%2Fapplication%2Fenter']);
    await screen.findByText('版本 v1');
    expect(screen.getByRole('heading', { name: '第一条 协议双方' })).toBeInTheDocument();

    // the three documents, each linking to its page and back here
    await screen.findAllByText(/^已签署/);
    const links = screen.getAllByRole('link').filter((a) => /(查看|阅读并签署)/.test(a.textContent ?? ''));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/serviceAgreement?redirect=%2Fagreement%3Fredirect%3D%252Fapplication%252Fenter',
      '/infoAgreement?redirect=%2Fagreement%3Fredirect%3D%252Fapplication%252Fenter',
      '/releaseForm?redirect=%2Fagreement%3Fredirect%3D%252Fapplication%252Fenter',
    ]);
    expect(screen.getAllByText(/^已签署/)).toHaveLength(3);

    const box = screen.getByRole('checkbox', { name: '我已阅读并同意《用户服务协议》' });
    expect(box).toBeDisabled();
    expect(screen.getByText('请阅读协议（5 秒）')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: /继\s*续/ });
    expect(next).toBeDisabled();
    await seconds(5);
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(api.requests.find((r) => r.url === API.userReadAgr)?.data).toMatchObject({ kind: 'GENERAL' });
    await shown('已于 2026-03-02 10:00:06 同意');
    await waitFor(() => expect(screen.getByRole('button', { name: /继\s*续/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /继\s*续/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/enter'));
  });

  it('shows what is not yet signed and keeps continue disabled', async () => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    serve((r) => {
      if (r.url === API.agreementText)
        return ok(agreementText('GENERAL', { acceptedAt: '2026-03-01T02:00:00.000Z' }));
      if (r.url === API.agreementStatus) return ok(status({ GENERAL: true, SERVICE: true }));
      return undefined;
    });
    renderRoutes(appRoutes, ['/agreement']);
    await screen.findByText('版本 v1');
    expect(await screen.findAllByText('未签署')).toHaveLength(2);
    const list = screen.getByText('《信息咨询服务协议》').closest('li');
    expect(list && within(list as HTMLElement).getByText('未签署')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '我已阅读并同意《用户服务协议》' })).toBeChecked();
    expect(screen.getByText('请勾选同意并签署以上全部协议后继续')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /继\s*续/ })).toBeDisabled();
  });

  it('a status that times out is asked again once: continue opens without the user doing anything', async () => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    let statusCalls = 0;
    serve((r) => {
      if (r.url === API.agreementText)
        return ok(agreementText('GENERAL', { acceptedAt: '2026-03-01T02:00:00.000Z' }));
      if (r.url === API.agreementStatus) {
        statusCalls += 1;
        return statusCalls === 1
          ? ({ error: 'timeout' } as unknown as Reply)
          : ok(status({ GENERAL: true, SERVICE: true, INFO: true, RELEASE: true }));
      }
      return undefined;
    });
    renderRoutes(appRoutes, ['/agreement']);
    await screen.findByText('版本 v1');
    await seconds(2);
    await waitFor(() => expect(screen.getByRole('button', { name: /继\s*续/ })).toBeEnabled());
    expect(statusCalls).toBe(2);
  });

  it('a status that cannot be had says so, offers to ask again, and does not say what is left to sign', async () => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    let answering = false;
    serve((r) => {
      if (r.url === API.agreementText)
        return ok(agreementText('GENERAL', { acceptedAt: '2026-03-01T02:00:00.000Z' }));
      if (r.url === API.agreementStatus)
        return answering
          ? ok(status({ GENERAL: true, SERVICE: true, INFO: true, RELEASE: true }))
          : ({ error: 'timeout' } as unknown as Reply);
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(appRoutes, ['/agreement']);
    await screen.findByText('版本 v1');
    await seconds(2);
    await shown('暂时无法确认各协议的签署情况');
    expect(screen.queryByText('请勾选同意并签署以上全部协议后继续')).not.toBeInTheDocument();
    // nothing is said to be unsigned that may be signed
    expect(screen.queryByText('未签署')).not.toBeInTheDocument();
    expect(screen.getAllByText('状态暂不可知')).toHaveLength(3);
    expect(screen.getByRole('button', { name: /继\s*续/ })).toBeDisabled();
    answering = true;
    await user.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /继\s*续/ })).toBeEnabled());
    expect(screen.queryByText('暂时无法确认各协议的签署情况')).not.toBeInTheDocument();
    expect(screen.getAllByText(/^已签署/)).toHaveLength(3);
  });

  it('without a session: the text is shown and signing goes through the login page', async () => {
    serve((r) => (r.url === API.agreementText ? ok(agreementText('GENERAL', { readToken: '' })) : undefined));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderRoutes(appRoutes, ['/agreement?redirect=%2Fapplication']);
    await screen.findByText('版本 v1');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.url === API.agreementStatus)).toBe(false);
    await user.click(screen.getByRole('button', { name: '登录后签署' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bmss/toLogin'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/agreement?redirect=%2Fapplication')}`,
    );
  });

  it('a user who must still change the password reads the text but is asked to change it first', async () => {
    saveLogin('tok');
    saveUserInfo(NEWBIE_USER_INFO);
    serve((r) => (r.url === API.agreementText ? ok(agreementText('GENERAL', { readToken: '' })) : undefined));
    renderRoutes(appRoutes, ['/agreement']);
    await shown('请先修改初始密码，再签署协议');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.url === API.agreementStatus)).toBe(false);
  });

  it('a text that cannot be loaded says so and offers to load it again', async () => {
    serve((r) => (r.url === API.agreementText ? { status: 500, body: {} } : undefined));
    renderRoutes(appRoutes, ['/agreement']);
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });
});
