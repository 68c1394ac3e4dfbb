import {
  ASSIGNEE_MINE,
  ASSIGNEE_NONE,
  CONTACT_CHANNEL_LABEL,
  CONTACT_OUTCOME_LABEL,
  formatDateTime,
  OVERDUE_BUCKETS,
  type OverdueBucket,
} from '@loan/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import {
  assigneesQuery,
  collectionSummaryQuery,
  type WorklistLine,
  worklistQuery,
} from '../../api/collections';
import { empty } from '../../app/empty';
import { money } from '../reports/report-parts';
import { type BucketChoice, BucketFigures } from './BucketFigures';
import { BucketTag, CaseDrawer } from './CaseDrawer';

const isBucket = (v: string | null): v is OverdueBucket =>
  (OVERDUE_BUCKETS as readonly string[]).includes(v ?? '');
const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/**
 * 催收工作台: the overdue borrowers of the operator's scope on Shanghai today, by bucket (the figures above pick
 * one) and by who works them; a row opens the borrower's case. Filters and the open case live in the address
 * (?bucket=M2&assignee=mine&case=<login id>), so a link opens the same view.
 */
export default function CollectionsPage() {
  const [params, setParams] = useSearchParams();
  const bucketParam = params.get('bucket');
  const bucket = isBucket(bucketParam) ? bucketParam : undefined;
  const assignee = params.get('assignee') ?? undefined;
  const open = params.get('case');
  const set = (key: string, value: string | undefined) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const summary = useQuery(collectionSummaryQuery(assignee));
  const assignees = useQuery(assigneesQuery());
  const list = useInfiniteQuery(worklistQuery({ bucket, assignee }));
  const lines = list.data?.pages.flatMap((page) => page.lines) ?? [];
  const asOf = summary.data?.asOf ?? list.data?.pages[0]?.asOf;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space align="baseline" wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          催收工作台
        </Typography.Title>
        {asOf && secondary(`逾期金额含罚息，计至 ${asOf}（北京时间）`)}
      </Space>
      {summary.isError && <Alert type="error" showIcon title={(summary.error as Error).message} />}
      <BucketFigures
        summary={summary.data}
        selected={bucket ?? 'ALL'}
        onSelect={(choice: BucketChoice) => set('bucket', choice === 'ALL' ? undefined : choice)}
      />
      <Space wrap>
        <label htmlFor="collections-assignee">负责人</label>
        <Select
          id="collections-assignee"
          style={{ minWidth: 200 }}
          value={assignee ?? ''}
          onChange={(value: string) => set('assignee', value || undefined)}
          options={[
            { value: '', label: '全部' },
            { value: ASSIGNEE_MINE, label: '我的案件' },
            { value: ASSIGNEE_NONE, label: '未分派' },
            ...(assignees.data ?? []).map((o) => ({ value: o.loginId, label: `${o.name}（${o.loginId}）` })),
          ]}
        />
      </Space>
      {list.isError && <Alert type="error" showIcon title={(list.error as Error).message} />}
      <Table<WorklistLine>
        rowKey="loginId"
        loading={list.isPending}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: empty(bucket || assignee ? '没有符合条件的逾期借款人' : '没有逾期的借款人') }}
        onRow={(row) => ({ onClick: () => set('case', row.loginId), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: '借款人',
            key: 'borrower',
            width: 150,
            fixed: 'left',
            render: (_: unknown, row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Link onClick={() => set('case', row.loginId)}>{row.loginId}</Typography.Link>
                {secondary(row.name)}
              </Space>
            ),
          },
          {
            title: '阶段',
            dataIndex: 'bucket',
            width: 70,
            render: (b: OverdueBucket) => <BucketTag bucket={b} />,
          },
          { title: '逾期天数', dataIndex: 'daysPastDue', width: 90, align: 'right' },
          {
            title: '逾期金额（元）',
            dataIndex: 'overdueAmount',
            width: 140,
            align: 'right',
            render: (v: string) => money(v),
          },
          {
            title: '最近联系',
            dataIndex: 'lastContact',
            width: 200,
            render: (c: WorklistLine['lastContact']) =>
              c ? (
                <Space orientation="vertical" size={0}>
                  {`${CONTACT_CHANNEL_LABEL[c.channel]} · ${CONTACT_OUTCOME_LABEL[c.outcome]}`}
                  {secondary(formatDateTime(c.at))}
                </Space>
              ) : (
                secondary('尚未联系')
              ),
          },
          {
            title: '承诺还款',
            dataIndex: 'promise',
            width: 150,
            render: (p: WorklistLine['promise']) =>
              p ? (
                <Space orientation="vertical" size={0}>
                  {money(p.amount)}
                  {secondary(`${p.promisedDate} 前`)}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: '下一步行动',
            key: 'next',
            width: 200,
            render: (_: unknown, row) =>
              row.nextAction ? (
                <Space orientation="vertical" size={0}>
                  {row.nextAction}
                  {secondary(row.nextActionDate ?? '')}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: '负责人',
            dataIndex: 'assignee',
            width: 120,
            render: (a: WorklistLine['assignee']) => (a ? a.name : secondary('未分派')),
          },
        ]}
      />
      {list.hasNextPage && (
        <Button block onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
          加载更多
        </Button>
      )}
      <CaseDrawer loginId={open} onClose={() => set('case', undefined)} />
    </Space>
  );
}
