import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Form, Input, Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError, transportError } from '../api/errors';
import { SafeImage } from '../components/SafeImage';
import { shown } from '../test/render';
import { MESSAGE_CONFIG } from './feedback';
import { AppProviders, createQueryClient, retryRead, VALIDATE_MESSAGES } from './providers';
import { THEME } from './theme';

const renderInApp = (ui: React.ReactNode) =>
  render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

describe('a read is asked again once after a time-out, and only then', () => {
  it.each([
    ['a time-out, first failure', 0, transportError('timeout'), true],
    ['a time-out, second failure', 1, transportError('timeout'), false],
    ['no answer at all (API down)', 0, transportError('network'), false],
    ['HTTP 500', 0, transportError('http', 500), false],
    ['a refusal (rspCode)', 0, new ApiError('rsp', '1001', '参数错误'), false],
    ['a session gone', 0, new ApiError('unauthorized', '4010', '会话已失效', 401), false],
    ['not an API error', 0, new Error('boom'), false],
  ])('%s', (_name, failures, error, retried) => {
    expect(retryRead(failures, error)).toBe(retried);
  });

  it('is the default of every query', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(retryRead);
  });
});

describe('app providers apply the interface defaults', () => {
  it('configures message 3 s and z-index base 2000', () => {
    expect(MESSAGE_CONFIG.duration).toBe(3);
    expect(THEME.token?.zIndexPopupBase).toBe(2000);
  });

  it('adds no stylesheet to the document: the styles and CSS variables come from the built stylesheet', () => {
    const before = document.querySelectorAll('style').length;
    const { container } = renderInApp(
      <Form>
        <Form.Item label="金额" name="amount">
          <Input />
        </Form.Item>
        <Button type="primary">提交</Button>
        <Table columns={[{ title: '金额', dataIndex: 'amount' }]} dataSource={[]} />
      </Form>,
    );
    expect(container.querySelector('.ant-btn')).not.toBeNull();
    expect(document.querySelectorAll('style').length).toBe(before);
  });

  it('an empty table says 暂无数据', () => {
    const { container } = renderInApp(
      <Table columns={[{ title: '金额', dataIndex: 'amount' }]} dataSource={[]} />,
    );
    expect(container.querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');
  });

  it('invalid input without a message of its own says 输入的数据不合法', async () => {
    expect(VALIDATE_MESSAGES.default).toBe('输入的数据不合法');
    renderInApp(
      <Form initialValues={{ amount: '12a' }}>
        <Form.Item name="amount" rules={[{ pattern: /^\d+$/ }]}>
          <Input placeholder="金额" />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await shown('输入的数据不合法');
  });

  it('an image that cannot load says 加载失败', () => {
    renderInApp(<SafeImage src="/missing.png" alt="营业执照" />);
    fireEvent.error(screen.getByAltText('营业执照'));
    expect(screen.getByText('加载失败')).toBeInTheDocument();
  });
});
