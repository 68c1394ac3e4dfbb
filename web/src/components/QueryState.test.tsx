import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './QueryState';

const base = { isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn() };

describe('QueryState', () => {
  it('a skeleton while loading, nothing of the data', () => {
    const { container } = render(
      <QueryState query={{ ...base, isPending: true } as never}>{() => <p>数据</p>}</QueryState>,
    );
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText('数据')).toBeNull();
  });

  it('the error’s own message, or the fallback, with 重新加载 that fetches again', async () => {
    const refetch = vi.fn();
    const { rerender } = render(
      <QueryState
        query={{ ...base, isError: true, error: new Error('网络异常'), refetch } as never}
        failed="协议加载失败"
      >
        {() => <p>数据</p>}
      </QueryState>,
    );
    expect(screen.getByText('网络异常')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender(
      <QueryState query={{ ...base, isError: true, error: 'x', refetch } as never} failed="协议加载失败">
        {() => <p>数据</p>}
      </QueryState>,
    );
    expect(screen.getByText('协议加载失败')).toBeInTheDocument();
  });

  it('the data, rendered', () => {
    render(
      <QueryState query={{ ...base, data: { n: 3 } } as never}>
        {(d: { n: number }) => <p>共 {d.n} 条</p>}
      </QueryState>,
    );
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });
});
