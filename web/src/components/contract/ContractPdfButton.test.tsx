import { API, RSP } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import LoanRecordDetailPage from '../../pages/loan-record-detail/LoanRecordDetailPage';
import { saveLogin } from '../../session/session';
import { record } from '../../test/loan-record-fixtures';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { ContractPdfButton } from './ContractPdfButton';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => api?.restore());

/** A refusal as the browser gets it from a blob download: the envelope's JSON as a Blob. */
const refusal = (rspCode: string, rspDesc: string) => ({
  body: new Blob([JSON.stringify(fail(rspCode, rspDesc).body)], { type: 'application/json' }),
});

function open(
  contractRowId: number | null,
  pdf = refusal(RSP.CONTRACT_NOT_SIGNED, '借款合同尚未签署，暂无可下载的合同'),
) {
  api = fakeApi((r) =>
    r.url === API.loanRecordDetail
      ? ok(record({ contractRowId }))
      : r.url === API.loanContractPdf
        ? pdf
        : ok(null),
  );
  renderRoutes(
    [{ path: '/record/loanRecordDetail', element: <LoanRecordDetailPage /> }],
    ['/record/loanRecordDetail?rowId=301'],
  );
}

describe('下载借款合同 on the loan detail', () => {
  it('asks for the kept contract of the record, and shows a refusal instead of a file', async () => {
    open(301);
    await userEvent.click(await screen.findByRole('button', { name: /下载借款合同/ }));
    await waitFor(() => expect(api?.requests.some((r) => r.url === API.loanContractPdf)).toBe(true));
    const call = api?.requests.find((r) => r.url === API.loanContractPdf);
    expect(call?.params).toEqual({ rowId: 301 });
    await shown('借款合同尚未签署，暂无可下载的合同');
  });

  it('is not offered without a kept contract', async () => {
    open(null);
    await shown('借款信息');
    expect(screen.queryByRole('button', { name: /下载借款合同/ })).not.toBeInTheDocument();
  });
});

describe('下载合同预览 before signing', () => {
  it('asks for the preview of the application, and shows a refusal instead of a file', async () => {
    api = fakeApi((r) =>
      r.url === API.loanContractPreviewPdf
        ? refusal(RSP.STATE_NOT_ALLOWED, '借款合同已签署，请下载已签署的借款合同')
        : ok(null),
    );
    renderRoutes([
      { path: '/', element: <ContractPdfButton rowId={42} contractNo="JKYNIT2026030200000042" preview /> },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: /下载合同预览/ }));
    await waitFor(() => expect(api?.requests.some((r) => r.url === API.loanContractPreviewPdf)).toBe(true));
    expect(api?.requests.find((r) => r.url === API.loanContractPreviewPdf)?.params).toEqual({ rowId: 42 });
    expect(api?.requests.some((r) => r.url === API.loanContractPdf)).toBe(false);
    await shown('借款合同已签署，请下载已签署的借款合同');
  });
});
