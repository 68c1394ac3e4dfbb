import { RSP } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OpsApiError } from '../../api/http';
import { renderAt } from '../../test/render';
import { WaiverDialog, type WaiverSubject } from './WaiverDialog';

const acts = vi.hoisted(() => ({ ask: vi.fn(), decideFailed: vi.fn() }));
vi.mock('../../api/waivers', () => ({ waiverActs: acts }));

const subject: WaiverSubject = {
  target: { target: 'FEE', feeItemId: 42 },
  title: '贷款 7 第 1 期服务费',
  owed: '240.00',
};

function open(onClose = vi.fn()) {
  renderAt([{ path: '/', element: <WaiverDialog subject={subject} onClose={onClose} /> }], '/');
  return { user: userEvent.setup(), onClose };
}

async function fill(user: ReturnType<typeof userEvent.setup>, amount: string, reason: string) {
  const amountField = await screen.findByLabelText('减免金额（元）');
  await user.clear(amountField);
  await user.type(amountField, amount);
  const reasonField = screen.getByLabelText('减免原因（记入审计日志）');
  await user.clear(reasonField);
  if (reason) await user.type(reasonField, reason);
  await user.click(screen.getByRole('button', { name: '提交复核' }));
}

beforeEach(() => acts.ask.mockReset());

describe('申请减免', () => {
  it('checks the amount and the reason by the fields before asking the server', async () => {
    const { user } = open();
    expect(await screen.findByText(/当前尚欠 240.00 元/)).toBeInTheDocument();
    await fill(user, '240.01', '');
    expect(await screen.findByText('不能超过当前尚欠的 240.00 元')).toBeInTheDocument();
    expect(await screen.findByText('请填写减免原因')).toBeInTheDocument();
    await fill(user, '1.234', '协商');
    expect(await screen.findByText('金额为元，最多两位小数，如 100 或 100.50')).toBeInTheDocument();
    await fill(user, '0', '协商');
    expect(await screen.findByText('减免金额须大于 0 元')).toBeInTheDocument();
    expect(acts.ask).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the amount under the amount, and submits the request', async () => {
    acts.ask
      .mockRejectedValueOnce(
        new OpsApiError(
          RSP.WAIVER_ABOVE_OWED,
          '减免金额 200.00 元超过当前尚欠的 100.00 元（借款人可能已还部分款项），请按当前欠款重新申请',
          200,
        ),
      )
      .mockResolvedValueOnce({ requestId: 9 });
    const { user, onClose } = open();
    await fill(user, '200', '系统故障致逾期');
    const refusal = await screen.findByText(/超过当前尚欠的 100.00 元/);
    expect(refusal.closest('.ant-form-item')?.textContent).toContain('减免金额（元）');
    expect(onClose).not.toHaveBeenCalled();
    await fill(user, '100', '系统故障致逾期');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('已提交减免申请，等待另一位同事复核后生效'));
    expect(acts.ask).toHaveBeenLastCalledWith({ target: 'FEE', feeItemId: 42 }, '100', '系统故障致逾期');
  });
});
