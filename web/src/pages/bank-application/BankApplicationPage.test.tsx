import { API, RSP, STEP_INFO, TIMEOUTS } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { loanContract } from '../../components/contract/contract-fixtures';
import { saveStoreCheck } from '../../session/session';
import { applicationDetail } from '../../test/application-fixtures';
import { fail, fillIn, ok, renderRoutes, shown, shownIn } from '../../test/render';
import { bankApplicationTests, RATE_RANGE } from './test-setup';

const { serve, api } = bankApplicationTests();

const detailCalls = () => api().requests.filter((r) => r.url === API.applicationDetail);

describe('bank application page', () => {
  it('YNIT: asks for rowId, productCode and productType, renders the steps and the agreements panel', async () => {
    const detail = applicationDetail('YNIT-XT01', { rowId: 101 });
    serve((r) =>
      r.url === API.applicationDetail
        ? ok(detail)
        : r.url === API.agreementStatus
          ? ok({
              allAccepted: false,
              items: [
                {
                  kind: 'SERVICE',
                  title: '融资咨询服务协议',
                  route: '/serviceAgreement',
                  version: '1',
                  accepted: true,
                  acceptedAt: null,
                },
                {
                  kind: 'RELEASE',
                  title: '授权书',
                  route: '/releaseForm',
                  version: '1',
                  accepted: false,
                  acceptedAt: null,
                },
              ],
            })
          : ok(null),
    );
    renderRoutes(appRoutes, ['/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT']);
    await shown('当前步骤：阅读并同意协议');
    expect(detailCalls()[0]?.params).toEqual({
      rowId: '101',
      productCode: 'YNIT-XT01',
      productType: 'CREDIT',
    });
    for (const step of detail.steps) expect(screen.getAllByText(step.title).length).toBeGreaterThan(0);
    expect(screen.getByText('名义年利率')).toBeInTheDocument();
    expect(screen.getByText('16.80%')).toBeInTheDocument();
    expect(screen.getByText('等额本息')).toBeInTheDocument();
    // the per-instalment fee is a monthly rate, and says so
    expect(screen.getByText('按期收取 0.20%/月')).toBeInTheDocument();
    // before the bank's approval the product's 年化利率 range stands (after signing, one figure: below)
    expect(screen.getByText('18.00% ~ 19.00%')).toBeInTheDocument();
    expect(document.body.textContent).toMatch(RATE_RANGE);
    const redirect = `?redirect=${encodeURIComponent('/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT')}`;
    expect(await screen.findByRole('link', { name: '阅读并同意' })).toHaveAttribute(
      'href',
      `/releaseForm${redirect}`,
    );
    expect(screen.getByRole('link', { name: '查看' })).toHaveAttribute(
      'href',
      `/serviceAgreement${redirect}`,
    );
    expect(screen.getByText('已同意')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往协议确认' })).toHaveAttribute(
      'href',
      `/agreement${redirect}`,
    );
    expect(screen.queryByRole('button', { name: '取消申请' })).not.toBeInTheDocument();
  });

  it('CRBANK: asks by mcOrderNo; at the submit step it leads to the application form', async () => {
    const detail = applicationDetail('CRB-RYD', { rowId: 7, current: 'SUBMIT' });
    serve((r) => (r.url === API.applicationDetail ? ok(detail) : ok(null)));
    const { router } = renderRoutes(appRoutes, ['/apply/LoanInfo_CRBANK/MC20261121001']);
    await shown('当前步骤：提交申请');
    expect(detailCalls()[0]?.params).toEqual({ mcOrderNo: 'MC20261121001' });
    expect(screen.getByText(/华润银行 · 华润跨境融易贷/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '填写借款信息并提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/enter'));
    expect(router.state.location.search).toBe('?rowId=7');
  });

  it('runs a simulated step as a labelled sandbox simulation and reloads the detail', async () => {
    let current: 'FACE_VERIFY' | 'UPLOAD_DOCUMENTS' = 'FACE_VERIFY';
    serve((r) => {
      if (r.url === API.completeStep) {
        current = 'UPLOAD_DOCUMENTS';
        return ok(null);
      }
      return r.url === API.applicationDetail ? ok(applicationDetail('YNIT-XT01', { current })) : ok(null);
    });
    renderRoutes(appRoutes, ['/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT']);
    const button = await screen.findByRole('button', { name: '沙箱模拟：完成人脸识别' });
    await userEvent.click(button);
    await shown(`当前步骤：${STEP_INFO.UPLOAD_DOCUMENTS.title}`);
    expect(api().requests.find((r) => r.url === API.completeStep)?.data).toEqual({
      rowId: 101,
      step: 'FACE_VERIFY',
    });
  });

  it('at a certification step embeds the certification form, asking for the card when the flow binds one', async () => {
    serve((r) =>
      r.url === API.applicationDetail
        ? ok(applicationDetail('CGB-KJED', { current: 'CERTIFY_COMPANY' }))
        : r.url === API.loanCertification
          ? ok({ certification: null })
          : ok(null),
    );
    renderRoutes(appRoutes, ['/apply/LoanInfo_CGB/101/CGB-KJED']);
    await shown('当前步骤：企业认证');
    expect(await screen.findByLabelText('企业名称')).toBeInTheDocument();
    expect(screen.getByLabelText('银行卡号')).toBeInTheDocument();
  });

  it('shows "申请不存在或无权查看" for an unknown or foreign application, and nothing of it', async () => {
    serve(() => fail(RSP.APPLICATION_NOT_FOUND, '申请不存在或无权查看'));
    const { router } = renderRoutes(appRoutes, ['/apply/LoanInfo_CGB/999/CGB-KJED']);
    await shown('申请不存在或无权查看');
    expect(screen.queryByText('申请步骤')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回贷款信息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/LoanInfo'));
  });

  it('does not show an application of another bank than the route', async () => {
    serve(() => ok(applicationDetail('CGB-KJED')));
    renderRoutes(appRoutes, ['/apply/LoanInfo_FUIOU/101/CGB-KJED']);
    await shown('申请不存在或无权查看');
    expect(screen.queryByText(/广发跨境e贷/)).not.toBeInTheDocument();
  });

  it('asks the store check rather than trusting the session copy', async () => {
    serve((r) =>
      r.url === API.mwsTokenCheck
        ? ok({
            storeInfo: null,
            shopAuth: '05',
            marketplaceIds: [],
            authorisedAt: null,
            expiresAt: null,
            checkedAt: null,
          })
        : r.url === API.applicationDetail
          ? ok(applicationDetail('CGB-KJED', { current: 'SUBMIT' }))
          : ok(null),
    );
    renderRoutes(appRoutes, ['/apply/LoanInfo_CGB/101/CGB-KJED']);
    await shown(/店铺店铺受限：/);
  });

  it('says why the store cannot apply and links to the store authorisation', async () => {
    saveStoreCheck({ shopAuth: '04' });
    serve((r) =>
      r.url === API.applicationDetail
        ? ok(applicationDetail('CGB-KJED', { current: 'CERTIFY_COMPANY' }))
        : ok(null),
    );
    renderRoutes(appRoutes, ['/apply/LoanInfo_CGB/101/CGB-KJED']);
    await shown(/店铺授权已过期\/已撤销：请重新授权店铺/);
    expect(screen.getByRole('link', { name: '去授权店铺' })).toHaveAttribute('href', '/apply/LoanInfo');
  });

  it('cancels in advance after a confirmation with a reason, with the 30 s time-out', async () => {
    let state: 'UNDER_REVIEW' | 'CANCELLED' = 'UNDER_REVIEW';
    serve((r) => {
      if (r.url === API.advanceCancel) {
        state = 'CANCELLED';
        return ok(null);
      }
      return ok(
        applicationDetail('YNIT-XT01', {
          state,
          current: 'BANK_REVIEW',
          canCancel: state === 'UNDER_REVIEW',
        }),
      );
    });
    const { router } = renderRoutes(appRoutes, ['/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT']);
    // under review the bank's step is shown, leading to the review screen
    await shown('当前步骤：机构审核');
    expect(screen.getByRole('button', { name: '查看审核进度' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '取消申请' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认取消申请？')).toBeInTheDocument();
    await fillIn(userEvent, within(dialog).getByLabelText('取消原因'), '不需要了');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    expect((await screen.findAllByText('已取消')).length).toBeGreaterThan(0);
    const cancel = api().requests.find((r) => r.url === API.advanceCancel);
    expect(cancel).toMatchObject({
      method: 'POST',
      data: { rowId: 101, reason: '不需要了' },
      timeout: TIMEOUTS.advanceCancel,
    });
    expect(screen.queryByRole('button', { name: '取消申请' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT');
  });

  it('keeps a refused cancel in the dialog with the reason', async () => {
    serve((r) =>
      r.url === API.advanceCancel
        ? fail(RSP.ALREADY_DISBURSED, '贷款已放款，无法取消申请')
        : r.url === API.loanContract
          ? ok(loanContract())
          : ok(
              applicationDetail('YNIT-XT01', { state: 'SIGNED', current: 'SIGN_CONTRACT', canCancel: true }),
            ),
    );
    renderRoutes(appRoutes, ['/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT']);
    await userEvent.click(await screen.findByRole('button', { name: '取消申请' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    await shownIn(dialog, '贷款已放款，无法取消申请');
    expect(api().requests.find((r) => r.url === API.advanceCancel)?.data).toEqual({ rowId: 101 });
  });
});
