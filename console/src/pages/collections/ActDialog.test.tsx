import { RSP } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OpsApiError } from '../../api/http';
import { renderAt } from '../../test/render';
import { ActDialog, type CaseAct } from './ActDialog';

const acts = vi.hoisted(() => ({ promise: vi.fn(), contact: vi.fn() }));
vi.mock('../../api/collections', () => ({
  collectionActs: acts,
  assigneesQuery: () => ({ queryKey: ['assignees'], queryFn: async () => [] }),
}));

function open(act: CaseAct, onClose = vi.fn()) {
  renderAt(
    [
      {
        path: '/',
        element: (
          <ActDialog
            act={act}
            loginId="seller01"
            asOf="2026-05-20"
            overdue="11194.77"
            current={{ nextAction: null, nextActionDate: null, assignee: null }}
            onClose={onClose}
          />
        ),
      },
    ],
    '/',
  );
  return { user: userEvent.setup(), onClose };
}

const fieldOf = (text: string) => screen.getByText(text).closest('.ant-form-item')?.textContent ?? '';

beforeEach(() => {
  acts.promise.mockReset();
  acts.contact.mockReset();
});

describe('记录承诺还款', () => {
  it('checks the amount against what is overdue before asking the server', async () => {
    const { user } = open({ kind: 'PROMISE' });
    expect(await screen.findByText(/当前逾期 11194.77 元/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('承诺金额（元）'), '11194.78');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('不能超过当前逾期金额 11194.77 元')).toBeInTheDocument();
    expect(await screen.findByText('请选择承诺还款日期')).toBeInTheDocument();
    expect(acts.promise).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under the field it is about, then records the promise', async () => {
    acts.promise
      .mockRejectedValueOnce(
        new OpsApiError(
          RSP.COLLECTION_PROMISE_DATE_INVALID,
          '承诺还款日期须在今天（2026-05-21）到 2026-06-20 之间',
          200,
        ),
      )
      .mockResolvedValueOnce({ caseId: 3, activityId: 11 });
    const { user, onClose } = open({ kind: 'PROMISE' });
    const date = await screen.findByLabelText('承诺还款日期');
    await user.click(date);
    await user.type(date, '2026-05-20{Enter}');
    await user.type(screen.getByLabelText('承诺金额（元）'), '5000');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const refusal = await screen.findByText(/承诺还款日期须在今天（2026-05-21）/);
    expect(refusal.closest('.ant-form-item')?.textContent).toContain('承诺还款日期');
    expect(acts.promise).toHaveBeenCalledWith({
      loginId: 'seller01',
      promisedDate: '2026-05-20',
      amount: '5000',
      text: '',
    });
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('已记录承诺还款，到期后系统自动判定是否兑现'));
  });
});

describe('记录联系', () => {
  it('asks for the channel and outcome, and says a refusal it cannot place above the buttons', async () => {
    acts.contact.mockRejectedValueOnce(
      new OpsApiError(RSP.COLLECTION_NOT_OVERDUE, '该借款人目前没有逾期的分期，无需催收', 200),
    );
    const { user } = open({ kind: 'CONTACT' });
    await user.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择联系方式')).toBeInTheDocument();
    expect(fieldOf('请选择联系结果')).toContain('联系结果');
    await user.click(screen.getByLabelText('联系方式'));
    await user.click(await screen.findByTitle('电话'));
    await user.click(screen.getByLabelText('联系结果'));
    await user.click(await screen.findByTitle('无人接听'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('该借款人目前没有逾期的分期，无需催收')).toBeInTheDocument();
    expect(acts.contact).toHaveBeenCalledWith({
      loginId: 'seller01',
      channel: 'PHONE',
      outcome: 'NO_ANSWER',
      text: '',
    });
  });
});
