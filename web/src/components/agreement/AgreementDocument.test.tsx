import { API, RSP } from '@loan/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fail, fakeApi, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';
import { agreementText } from './agreement-fixtures';

type Reply = { body: unknown };
let api: ReturnType<typeof fakeApi>;
function serve(handler: (request: RecordedRequest) => Reply | undefined) {
  api = fakeApi((request) => handler(request) ?? ok({ sandbox: true }));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
});
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
  vi.useRealTimers();
});

const seconds = async (n: number) => {
  for (let i = 0; i < n; i++) await act(async () => vi.advanceTimersByTime(1000));
};
const accepts = () => api.requests.filter((r) => r.url === API.userReadAgr);

describe('agreement document pages', () => {
  it('shows the full text, counts down, accepts and goes back to a same-site redirect', async () => {
    const text = agreementText('SERVICE');
    serve((r) => {
      if (r.url === API.agreementText) return ok(text);
      if (r.url === API.userReadAgr)
        return ok({ kind: 'SERVICE', version: 'v1', acceptedAt: '2026-03-02T02:00:10.000Z' });
      if (r.url === API.agreementStatus) return ok({ items: [], allAccepted: false });
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderRoutes(appRoutes, ['/serviceAgreement?redirect=%2Fapply%2FLoanInfo']);
    expect(await screen.findByRole('heading', { name: '融资咨询服务协议' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '第一条 协议双方' })).toBeInTheDocument();
    expect(screen.getByText('服务费按实际放款本金乘以服务费率计算。')).toBeInTheDocument();
    expect(screen.getByText('版本 v1')).toBeInTheDocument();
    expect(api.requests.find((r) => r.url === API.agreementText)?.params).toEqual({ kind: 'SERVICE' });

    const button = screen.getByRole('button', { name: '请阅读协议（10 秒）' });
    expect(button).toBeDisabled();
    await seconds(2);
    expect(screen.getByRole('button', { name: '请阅读协议（8 秒）' })).toBeDisabled();
    await seconds(8);
    const agree = await screen.findByRole('button', { name: '我已阅读并同意' });
    expect(agree).toBeEnabled();
    await user.click(agree);
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
    expect(accepts()).toHaveLength(1);
    expect(accepts()[0]?.data).toEqual({
      kind: 'SERVICE',
      version: 'v1',
      textHash: text.textHash,
      readToken: text.readToken,
    });
  });

  it('stays on the page when the redirect is not a same-site path, and shows when it was accepted', async () => {
    serve((r) => {
      if (r.url === API.agreementText) return ok(agreementText('INFO'));
      if (r.url === API.userReadAgr)
        return ok({ kind: 'INFO', version: 'v1', acceptedAt: '2026-03-02T02:00:10.000Z' });
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderRoutes(appRoutes, ['/infoAgreement?redirect=https%3A%2F%2Fevil.example%2F']);
    await screen.findByText('版本 v1');
    await seconds(10);
    await user.click(await screen.findByRole('button', { name: '我已阅读并同意' }));
    await shown('您已于 2026-03-02 10:00:10 同意本协议（版本 v1）');
    expect(router.state.location.pathname).toBe('/infoAgreement');
  });

  it('an accepted version shows when, and no accept button', async () => {
    serve((r) =>
      r.url === API.agreementText
        ? ok(agreementText('RELEASE', { acceptedAt: '2026-01-05T01:30:00.000Z' }))
        : undefined,
    );
    renderRoutes(appRoutes, ['/releaseForm']);
    await shown('您已于 2026-01-05 09:30:00 同意本协议（版本 v1）');
    expect(screen.queryByRole('button', { name: /我已阅读并同意|请阅读协议/ })).not.toBeInTheDocument();
  });

  it('a new version (3303): the reason is shown and the text is loaded again', async () => {
    let served = 0;
    serve((r) => {
      if (r.url === API.agreementText) {
        served += 1;
        return ok(agreementText('SERVICE', { version: served === 1 ? 'v1' : 'v2' }));
      }
      if (r.url === API.userReadAgr)
        return fail(RSP.AGREEMENT_VERSION_OUTDATED, '协议已更新，请阅读最新版本后再同意');
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(appRoutes, ['/serviceAgreement']);
    await screen.findByText('版本 v1');
    await seconds(10);
    await user.click(await screen.findByRole('button', { name: '我已阅读并同意' }));
    await shown('协议已更新，请阅读最新版本后再同意');
    await shown('版本 v2');
    // the reading time starts again for the new text: the countdown instead of the accept button (the v1 text's
    // time was all read). The button leaves its loading state a render after the text shows, and the fake clock
    // moves with real time, so the count may already be under 10 on a busy machine.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^请阅读协议（\d+ 秒）$/ })).toBeDisabled(),
    );
    expect(screen.queryByRole('button', { name: '我已阅读并同意' })).not.toBeInTheDocument();
    expect(accepts()).toHaveLength(1);
  });
});
