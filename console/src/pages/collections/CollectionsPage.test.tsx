import type { Permission } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionCaseView, CollectionSummary, WorklistLine } from '../../api/collections';
import { renderAt, signedInAs } from '../../test/render';
import CollectionsPage from './CollectionsPage';

const api = vi.hoisted(() => ({ worklist: vi.fn(), summary: vi.fn(), case: vi.fn(), note: vi.fn() }));
vi.mock('../../api/collections', () => ({
  worklistQuery: (filter: unknown) => ({
    queryKey: ['worklist', filter],
    queryFn: () => api.worklist(filter),
    initialPageParam: '',
    getNextPageParam: () => undefined,
  }),
  collectionSummaryQuery: (assignee?: string) => ({
    queryKey: ['summary', assignee ?? ''],
    queryFn: () => api.summary(assignee),
  }),
  assigneesQuery: () => ({
    queryKey: ['assignees'],
    queryFn: async () => [{ loginId: 'ops-risk', name: '风控小赵' }],
  }),
  collectionCaseQuery: (loginId: string) => ({
    queryKey: ['case', loginId],
    queryFn: () => api.case(loginId),
  }),
  collectionActs: { note: api.note },
}));

const SUMMARY: CollectionSummary = {
  asOf: '2026-05-20',
  buckets: [
    { bucket: 'M1', borrowers: 1, amount: '11194.77' },
    { bucket: 'M2', borrowers: 0, amount: '0.00' },
    { bucket: 'M3', borrowers: 1, amount: '1234567.80' },
    { bucket: 'M3+', borrowers: 0, amount: '0.00' },
  ],
  total: { borrowers: 2, amount: '1245762.57' },
};
const LINE: WorklistLine = {
  loginId: 'seller01',
  name: '张*',
  overdueAmount: '11194.77',
  daysPastDue: 18,
  bucket: 'M1',
  instalments: 1,
  lastContact: { at: '2026-05-19T02:00:00.000Z', channel: 'PHONE', outcome: 'NO_ANSWER' },
  promise: null,
  nextAction: null,
  nextActionDate: null,
  assignee: null,
  caseId: 3,
};
const CASE: CollectionCaseView = {
  asOf: '2026-05-20',
  borrower: { loginId: 'seller01', name: '张*', companyName: '深圳明远' },
  overdue: { amount: '11194.77', daysPastDue: 18, bucket: 'M1' },
  case: {
    caseId: 3,
    assignee: null,
    nextAction: null,
    nextActionDate: null,
    openedAt: '2026-05-19T02:00:00.000Z',
  },
  instalments: [
    {
      loanId: 1,
      rowId: 1,
      bankName: '云南信托',
      seq: 1,
      dueDate: '2026-05-02',
      daysPastDue: 18,
      principal: '9000.00',
      interest: '1680.00',
      fee: '240.00',
      penalty: '274.77',
      owed: '11194.77',
    },
  ],
  activities: [
    {
      id: 7,
      kind: 'PROMISE',
      at: '2026-05-19T03:00:00.000Z',
      operator: { loginId: 'ops-risk', name: '风控小赵' },
      text: null,
      channel: null,
      outcome: null,
      promisedDate: '2026-05-22',
      amount: '11194.77',
      relief: null,
      assignee: null,
      state: 'PENDING',
      decidedAt: null,
      decidedBy: null,
      decisionNote: null,
      repaid: null,
    },
  ],
  messages: [
    {
      noticeId: 1,
      at: '2026-05-03T01:00:00.000Z',
      title: '您的借款已逾期',
      category: 'OVERDUE',
      read: false,
      deliveries: [
        { channel: 'sms', state: 'SENT', attempts: 1, sentAt: '2026-05-03T01:00:00.000Z', reason: null },
        { channel: 'email', state: 'FAILED', attempts: 3, sentAt: null, reason: '邮箱不存在' },
      ],
    },
  ],
};

function open(path = '/collections', permissions: Permission[] = ['collection.view', 'collection.work']) {
  signedInAs(permissions);
  renderAt([{ path: '/collections', element: <CollectionsPage /> }], path);
  return userEvent.setup();
}

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.summary.mockResolvedValue(SUMMARY);
  api.worklist.mockImplementation(async () => ({ asOf: '2026-05-20', lines: [LINE], nextCursor: null }));
  api.case.mockResolvedValue(CASE);
});

describe('催收工作台', () => {
  it('shows the figures per bucket, the overdue borrowers, and filters by the bucket picked', async () => {
    const user = open();
    const figures = await screen.findByRole('group', { name: '逾期阶段' });
    expect(
      within(figures).getByRole('button', { name: /^全部逾期\s*2 人\s*1,245,762.57 元$/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    const row = (await screen.findByText('seller01')).closest('tr') as HTMLElement;
    expect(within(row).getByText('11,194.77')).toBeInTheDocument();
    expect(within(row).getByText('电话 · 无人接听')).toBeInTheDocument();
    expect(within(row).getByText('未分派')).toBeInTheDocument();
    await user.click(within(figures).getByRole('button', { name: /^M3（逾期 61–90 天）\s*1 人/ }));
    await waitFor(() => expect(api.worklist).toHaveBeenLastCalledWith({ bucket: 'M3', assignee: undefined }));
  });

  it('says so when nobody is overdue', async () => {
    api.worklist.mockResolvedValue({ asOf: '2026-05-20', lines: [], nextCursor: null });
    open('/collections?bucket=M2');
    expect(await screen.findByText('没有符合条件的逾期借款人')).toBeInTheDocument();
    expect(api.worklist).toHaveBeenCalledWith({ bucket: 'M2', assignee: undefined });
  });

  it('opens the case: overdue instalments with penalty, the timeline beside the message log, and the acts', async () => {
    const user = open();
    await user.click(await screen.findByText('seller01'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTestId('case-overdue')).toHaveTextContent('11,194.77');
    expect(within(drawer).getByText('274.77')).toBeInTheDocument();
    expect(within(drawer).getByText('承诺 2026-05-22 前还款 11,194.77 元')).toBeInTheDocument();
    expect(within(drawer).getByText('待兑现')).toBeInTheDocument();
    expect(within(drawer).getByText('邮件：发送失败（邮箱不存在）')).toBeInTheDocument();
    expect(within(drawer).getByText('短信：已发送')).toBeInTheDocument();
    // a worker records; only one who may assign sees 分派
    expect(within(drawer).getByRole('button', { name: '承诺还款' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '分派' })).toBeNull();

    api.note.mockResolvedValueOnce({ caseId: 3, activityId: 9 });
    await user.click(within(drawer).getByRole('button', { name: '添加备注' }));
    const dialog = (await screen.findByText('添加备注：seller01')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写备注')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('备注'), '借款人称下周回款');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.note).toHaveBeenCalledWith({ loginId: 'seller01', text: '借款人称下周回款' }),
    );
    expect(await screen.findByText('已添加备注')).toBeInTheDocument();
  });
});
