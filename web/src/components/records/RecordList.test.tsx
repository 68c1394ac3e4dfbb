import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RecordList } from './RecordList';

interface Row {
  id: string;
  name: string;
}
type Page = { items: Row[]; nextCursor: string | null };

const records = (data?: Page) => ({
  data,
  isPending: data === undefined,
  isFetching: data === undefined,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

const pager = {
  cursor: undefined,
  page: 1,
  pageSize: 10,
  next: vi.fn(),
  previous: vi.fn(),
  setPageSize: vi.fn(),
};

function List({ data, phone }: { data?: Page; phone: boolean }) {
  return (
    <RecordList<Row>
      records={records(data)}
      pager={pager}
      phone={phone}
      failed="加载失败"
      rowKey="id"
      columns={[{ title: '名称', dataIndex: 'name', width: 200 }]}
      card={(row) => <span>{row.name}</span>}
    />
  );
}

/** Watches what the DOM is given, including what a later render takes away again. */
function watchAdded(container: HTMLElement) {
  const added: string[] = [];
  const collect = (records: MutationRecord[]) => {
    for (const record of records) for (const node of record.addedNodes) added.push(node.textContent ?? '');
  };
  const observer = new MutationObserver(collect);
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  return () => {
    collect(observer.takeRecords());
    observer.disconnect();
    return added.join(' ');
  };
}

describe.each([
  ['phone cards', true],
  ['table', false],
])('RecordList (%s): rows that arrive are drawn in the background', (_name, phone) => {
  it('goes from loading to the rows without showing 暂无数据 on the way', async () => {
    const { container, rerender } = render(<List phone={phone} />);
    const page = { items: [{ id: '1', name: '第一笔' }], nextCursor: null };
    const added = watchAdded(container);
    await act(async () => rerender(<List phone={phone} data={page} />));
    expect(await screen.findByText('第一笔')).toBeTruthy();
    const seen = added();
    // the watch saw the rows arrive (a watch that sees nothing would pass anything)
    expect(seen).toContain('第一笔');
    expect(seen).not.toContain('暂无数据');
  });

  it('rows already in when it first draws (asked by the route) are in its first commit: no spinner flash', () => {
    const page = { items: [{ id: '1', name: '第一笔' }], nextCursor: null };
    // what the page shows at each commit, read as React commits it
    const shown: string[] = [];
    const container = document.body.appendChild(document.createElement('div'));
    render(
      <Profiler id="list" onRender={() => shown.push(container.textContent ?? '')}>
        <List phone={phone} data={page} />
      </Profiler>,
      { container },
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown[0]).toContain('第一笔');
  });

  it('says 暂无数据 once an empty answer is drawn', async () => {
    const { rerender } = render(<List phone={phone} />);
    expect(screen.queryByText('暂无数据')).toBeNull();
    rerender(<List phone={phone} data={{ items: [], nextCursor: null }} />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
