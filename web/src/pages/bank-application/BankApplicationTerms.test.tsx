import { API } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { loanContract } from '../../components/contract/contract-fixtures';
import { applicationDetail } from '../../test/application-fixtures';
import { ok, renderRoutes } from '../../test/render';
import { bankApplicationTests, RATE_RANGE, rateCell } from './test-setup';

const { serve, api } = bankApplicationTests();

describe("bank application page: the approved loan's terms", () => {
  it('is first drawn with the approved terms, so nothing under them moves when they arrive', async () => {
    let answerContract: () => void = () => undefined;
    const contractAnswered = new Promise<void>((resolve) => (answerContract = resolve));
    serve(async (r) => {
      if (r.url === API.loanContract) {
        await contractAnswered;
        return ok(
          loanContract({ signed: { signedAt: '2026-11-22T02:00:00.000Z', textHash: 'a'.repeat(64) } }),
        );
      }
      return ok(applicationDetail('YNIT-XT01', { state: 'SIGNED', current: 'SIGN_CONTRACT', termMonths: 3 }));
    });
    renderRoutes(appRoutes, ['/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT']);
    await waitFor(() => expect(api().requests.some((r) => r.url === API.loanContract)).toBe(true));
    // the detail is in, the contract is not: the page's placeholder, none of the page yet
    expect(screen.queryByText('申请步骤')).not.toBeInTheDocument();
    expect(screen.queryByText('申请进度')).not.toBeInTheDocument();
    answerContract();
    const terms = await screen.findByLabelText('本笔借款');
    expect(within(terms).getByText('3 个月')).toBeInTheDocument();
    expect(screen.getByText('申请步骤')).toBeInTheDocument();
  });

  it('after signing shows this loan’s terms, not the product’s ranges, and offers the contract', async () => {
    serve((r) =>
      r.url === API.loanContract
        ? ok(loanContract({ signed: { signedAt: '2026-11-22T02:00:00.000Z', textHash: 'a'.repeat(64) } }))
        : ok(
            applicationDetail('YNIT-XT01', {
              state: 'SIGNED',
              current: 'SIGN_CONTRACT',
              approvedAmount: '30000.00',
              termMonths: 3,
            }),
          ),
    );
    renderRoutes(appRoutes, ['/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT']);
    const terms = await screen.findByLabelText('本笔借款');
    expect(within(terms).getByTestId('approved-amount')).toHaveTextContent('30,000.00 元');
    expect(within(terms).getByText('15.23%')).toBeInTheDocument();
    expect(within(terms).getByText('3 个月')).toBeInTheDocument();
    expect(screen.queryByText('额度范围')).not.toBeInTheDocument();
    // this loan's one 年化利率, not the product's range (the fixture's 18.00% ~ 19.00%) anywhere on the page
    expect(rateCell(terms)).toHaveTextContent(/^15\.23%$/);
    expect(document.body.textContent).not.toMatch(RATE_RANGE);
    expect(api().requests.find((r) => r.url === API.loanContract)?.params).toEqual({ rowId: 101 });
    expect(screen.getByRole('button', { name: /下载借款合同/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下载合同预览/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '查看借款合同' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('合同编号 JKYNIT2026112100000101')).toBeInTheDocument();
  });

  it('approved, before signing: offers the contract’s preview PDF', async () => {
    serve((r) =>
      r.url === API.loanContract
        ? ok(loanContract())
        : ok(applicationDetail('YNIT-XT01', { state: 'APPROVED', current: 'SIGN_CONTRACT', termMonths: 3 })),
    );
    renderRoutes(appRoutes, ['/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT']);
    await screen.findByLabelText('本笔借款');
    expect(await screen.findByRole('button', { name: /下载合同预览/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下载借款合同/ })).not.toBeInTheDocument();
  });
});
