import type { JobQueueStatus, SystemStatus } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OpsApiError } from '../../api/http';
import { WARNING_TEXT } from '../../app/theme';
import { renderAt, signedInAs } from '../../test/render';
import SystemStatusPage from './SystemStatusPage';

const api = vi.hoisted(() => ({ status: vi.fn() }));
vi.mock('../../api/system', () => ({
  systemStatusQuery: () => ({ queryKey: ['system-status'], queryFn: () => api.status() }),
}));

const job = (queue: string, label: string, rest: Partial<JobQueueStatus>): JobQueueStatus => ({
  queue,
  label,
  everySeconds: 60,
  onDemand: false,
  lastCompletedAt: '2026-05-20T01:59:00.000Z',
  lastFailedAt: null,
  lastError: null,
  completedLastHour: 60,
  failedLastHour: 0,
  health: 'OK',
  ...rest,
});

const STATUS: SystemStatus = {
  checkedAt: '2026-05-20T02:00:00.000Z',
  database: { kind: 'postgres', migrationsApplied: 42, migrationsPending: 2 },
  server: {
    pid: 4321,
    node: 'v20.19.0',
    uptimeSeconds: 2 * 86_400 + 3 * 3600 + 4 * 60 + 5,
    environment: 'production',
    sandbox: false,
  },
  jobs: [
    job('reconciliation', '合作方对账', {}),
    job('orphan-documents', '无主文件清理', {
      everySeconds: 3600,
      lastCompletedAt: '2026-05-19T20:00:00.000Z',
      completedLastHour: 0,
      health: 'LATE',
    }),
    job('refunds', '退款处理', {
      everySeconds: 1,
      lastCompletedAt: '2026-05-20T01:50:00.000Z',
      lastFailedAt: '2026-05-20T01:59:59.000Z',
      lastError: '支付网关超时（connect ETIMEDOUT）',
      completedLastHour: 580,
      failedLastHour: 7,
      health: 'FAILING',
    }),
    job('notice-delivery', '消息发送', {
      everySeconds: 1,
      onDemand: true,
      lastCompletedAt: null,
      completedLastHour: 0,
      health: 'IDLE',
    }),
  ],
  partnerCalls: { open: 3, oldestOpenAt: '2026-05-19T16:30:00.000Z', refusedLast7Days: 1 },
  notices: { pending: 5, failedLast24h: 4 },
};

/** The row of a queue in the table (antd draws fixed columns once). */
const row = (label: string) => {
  const cell = screen.getByText(label, { selector: 'td *' });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${label}`);
  return within(tr);
};

/** The value beside a label in a card. */
const cardValue = (card: string, label: string) => {
  const title = screen.getByText(card, { selector: '.ant-card-head-title' });
  const body = title.closest('.ant-card');
  if (!(body instanceof HTMLElement)) throw new Error(`no card ${card}`);
  const th = within(body).getByText(label, { selector: '.ant-descriptions-item-label' });
  const content = th.parentElement?.querySelector<HTMLElement>('.ant-descriptions-item-content');
  if (!content) throw new Error(`no value for ${label}`);
  return content;
};

beforeEach(() => {
  api.status.mockReset();
  api.status.mockResolvedValue(STATUS);
  signedInAs(['system.view', 'partner-call.resolve']);
});

describe('系统状态', () => {
  it('shows the check time, the cards and each queue with its health, period and last hour', async () => {
    renderAt([{ path: '/system', Component: SystemStatusPage }], '/system');
    expect(await screen.findByText('检查时间 2026-05-20 10:00:00')).toBeInTheDocument();

    expect(cardValue('数据库', '类型')).toHaveTextContent('PostgreSQL');
    expect(cardValue('数据库', '迁移已执行')).toHaveTextContent('42');
    expect(within(cardValue('数据库', '迁移待执行')).getByText('2')).toHaveStyle({ color: WARNING_TEXT });
    expect(cardValue('本服务器', '进程号')).toHaveTextContent('4321');
    expect(cardValue('本服务器', 'Node 版本')).toHaveTextContent('v20.19.0');
    expect(cardValue('本服务器', '已运行')).toHaveTextContent('2 天 3 小时 4 分');
    expect(cardValue('本服务器', '环境')).toHaveTextContent('生产');
    expect(cardValue('本服务器', '沙箱')).toHaveTextContent('否');
    const link = within(cardValue('合作方调用', '未答复')).getByRole('link');
    expect(link).toHaveAttribute('href', '/partner-calls');
    expect(link).toHaveTextContent('3 笔');
    expect(cardValue('合作方调用', '最早发起')).toHaveTextContent('2026-05-20 00:30:00');
    expect(cardValue('合作方调用', '近 7 天被拒')).toHaveTextContent('1');
    expect(cardValue('消息发送', '待发送')).toHaveTextContent('5');
    expect(within(cardValue('消息发送', '近 24 小时失败')).getByText('4')).toHaveClass(
      'ant-typography-danger',
    );

    expect(row('合作方对账').getByText('正常')).toHaveClass('ant-tag-green');
    expect(row('合作方对账').getByText('每分钟')).toBeInTheDocument();
    expect(row('合作方对账').getByText('reconciliation')).toBeInTheDocument();
    expect(row('无主文件清理').getByText('延迟')).toHaveClass('ant-tag-orange');
    expect(row('无主文件清理').getByText('每小时')).toBeInTheDocument();
    const refunds = row('退款处理');
    expect(refunds.getByText('失败')).toHaveClass('ant-tag-red');
    expect(refunds.getByText('每 1 秒')).toBeInTheDocument();
    expect(refunds.getByText('2026-05-20 09:59:59')).toBeInTheDocument();
    expect(refunds.getAllByText('支付网关超时（connect ETIMEDOUT）').length).toBeGreaterThan(0);
    expect(refunds.getByText('580').closest('td')).toHaveTextContent(/^580 \/ 7$/);
    expect(refunds.getByText('7')).toHaveClass('ant-typography-danger');
    const notices = row('消息发送');
    const idle = notices.getByText('空闲');
    expect(idle).toHaveClass('ant-tag');
    expect(idle.className).not.toMatch(/ant-tag-(green|orange|red)/);
    expect(notices.getByText('有待办时')).toBeInTheDocument();
    expect(screen.getByText(/至少 2 分钟/)).toBeInTheDocument();
  });

  it('asks again on 刷新, keeping the last answer on screen', async () => {
    renderAt([{ path: '/system', Component: SystemStatusPage }], '/system');
    expect(await screen.findByText('检查时间 2026-05-20 10:00:00')).toBeInTheDocument();
    api.status.mockResolvedValue({ ...STATUS, checkedAt: '2026-05-20T02:00:15.000Z' });
    await userEvent.click(screen.getByRole('button', { name: /刷新/ }));
    expect(await screen.findByText('检查时间 2026-05-20 10:00:15')).toBeInTheDocument();
    expect(api.status).toHaveBeenCalledTimes(2);
  });

  it('shows no link when nothing is open or the operator cannot open 合作方调用', async () => {
    signedInAs(['system.view']);
    renderAt([{ path: '/system', Component: SystemStatusPage }], '/system');
    expect(await screen.findByText('检查时间 2026-05-20 10:00:00')).toBeInTheDocument();
    expect(within(cardValue('合作方调用', '未答复')).queryByRole('link')).toBeNull();
    expect(within(cardValue('合作方调用', '未答复')).getByText('3')).toHaveStyle({ color: WARNING_TEXT });
  });

  it('says when there are no queues', async () => {
    api.status.mockResolvedValue({
      ...STATUS,
      jobs: [],
      partnerCalls: { open: 0, oldestOpenAt: null, refusedLast7Days: 0 },
    });
    renderAt([{ path: '/system', Component: SystemStatusPage }], '/system');
    expect(await screen.findByText('没有后台任务')).toBeInTheDocument();
    expect(within(cardValue('合作方调用', '未答复')).queryByRole('link')).toBeNull();
    expect(cardValue('合作方调用', '最早发起')).toHaveTextContent('—');
  });

  it('shows the server’s reason when the status cannot be read, and tries again on 重试', async () => {
    api.status.mockRejectedValue(new OpsApiError('9999', '系统繁忙，请稍后重试', 500));
    renderAt([{ path: '/system', Component: SystemStatusPage }], '/system');
    expect(await screen.findByText('系统状态获取失败')).toBeInTheDocument();
    expect(screen.getByText('系统繁忙，请稍后重试')).toBeInTheDocument();
    api.status.mockResolvedValue(STATUS);
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('检查时间 2026-05-20 10:00:00')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('系统状态获取失败')).toBeNull());
  });
});
