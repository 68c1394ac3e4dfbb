import { API, RSP, type StatementPage, type StatementSummary } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveLogin } from '../../session/session';
import { fail, fakeApi, ok, renderRoutes, shown } from '../../test/render';
import { StatementsCard } from './StatementsCard';

let api: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => saveLogin('tok'));
afterEach(() => {
  api?.restore();
  vi.restoreAllMocks();
});

const statement = (
  id: number,
  month: string,
  overrides: Partial<StatementSummary> = {},
): StatementSummary => ({
  id,
  month,
  opening: '120000.00',
  disbursed: '0.00',
  repaidPrincipal: '9253.18',
  repaidInterest: '1680.00',
  repaidPenalty: '12.76',
  repaidFee: '0.00',
  feesPaid: '0.00',
  feesRefunded: '0.00',
  couponsUsed: '0.00',
  closing: '110746.82',
  nextDueDate: '2026-05-02',
  nextDueAmount: '11173.18',
  docNo: `DZ20260501ABCDEF${String(id).padStart(2, '0')}`,
  createdAt: '2026-04-30T18:00:00.000Z',
  ...overrides,
});

function setup(pages: StatementPage[], pdf?: () => { body: unknown }) {
  api = fakeApi((r) => {
    if (r.url === API.statementList) {
      const cursor = (r.params as { cursor?: string }).cursor;
      return ok(cursor === 'older' ? pages[1] : pages[0]);
    }
    if (r.url === API.statementPdf && pdf) return pdf();
    return ok(null);
  });
  renderRoutes([{ path: '/account/myAccount', element: <StatementsCard /> }], ['/account/myAccount']);
  return userEvent.setup({ pointerEventsCheck: 0 });
}

const rows = () => within(screen.getByRole('list', { name: '月度对账单' })).getAllByRole('listitem');

describe('月度对账单', () => {
  it('lists the statements newest first with the closing balance and the next due date', async () => {
    setup([
      {
        items: [
          statement(2, '2026-04'),
          statement(1, '2026-03', { closing: '120000.00', nextDueDate: null, nextDueAmount: null }),
        ],
        nextCursor: null,
      },
    ]);
    await shown('2026年04月');
    expect(rows()).toHaveLength(2);
    const april = screen.getByTestId('statement-2026-04');
    expect(within(april).getByTestId('statement-closing')).toHaveTextContent('110,746.82 元');
    expect(within(april).getByText('下一还款日 2026-05-02，应还 11,173.18 元')).toBeInTheDocument();
    const march = screen.getByTestId('statement-2026-03');
    expect(within(march).getByTestId('statement-closing')).toHaveTextContent('120,000.00 元');
    expect(within(march).getByText('暂无待还的期次')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载 2026年04月对账单 PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '更早的对账单' })).toBeNull();
    expect(api?.requests.find((r) => r.url === API.statementList)?.params).toEqual({ limit: 12 });
  });

  it('says when there is none yet, and when statements come', async () => {
    setup([{ items: [], nextCursor: null }]);
    await shown('暂无对账单');
    expect(screen.getByText(/每月 1 日生成上一个自然月的对账单/)).toBeInTheDocument();
  });

  it('shows a placeholder while the list loads', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    api = fakeApi((r) =>
      r.url === API.statementList
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : ok(null),
    );
    renderRoutes([{ path: '/', element: <StatementsCard /> }]);
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).not.toBeNull());
    answer(ok({ items: [statement(2, '2026-04')], nextCursor: null }));
    await shown('2026年04月');
    expect(document.querySelector('.ant-skeleton')).toBeNull();
  });

  it('loads earlier statements with the cursor', async () => {
    const user = setup([
      { items: [statement(13, '2026-04')], nextCursor: 'older' },
      { items: [statement(1, '2025-04')], nextCursor: null },
    ]);
    await user.click(await screen.findByRole('button', { name: '更早的对账单' }));
    await shown('2025年04月');
    expect(rows()).toHaveLength(2);
    expect(api?.requests.filter((r) => r.url === API.statementList).map((r) => r.params)).toEqual([
      { limit: 12 },
      { limit: 12, cursor: 'older' },
    ]);
  });

  it('downloads the PDF of a statement, and shows a refusal instead of a file', async () => {
    const clicks: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    let refuse = false;
    const user = setup([{ items: [statement(2, '2026-04')], nextCursor: null }], () =>
      refuse
        ? {
            body: new Blob([JSON.stringify(fail(RSP.STATEMENT_NOT_FOUND, '对账单不存在或无权查看').body)], {
              type: 'application/json',
            }),
          }
        : { body: new Blob(['%PDF-1.3'], { type: 'application/pdf' }) },
    );
    const button = await screen.findByRole('button', { name: '下载 2026年04月对账单 PDF' });
    await user.click(button);
    await waitFor(() => expect(clicks).toEqual(['月度对账单-2026-04.pdf']));
    expect(api?.requests.find((r) => r.url === API.statementPdf)?.params).toEqual({ id: 2 });
    refuse = true;
    await user.click(button);
    await shown('对账单不存在或无权查看');
    expect(clicks).toHaveLength(1);
  });
});
