import { formatDateTime, JOB_HEALTH_TEXT, type JobHealth, type JobQueueStatus } from '@loan/domain';
import { Space, Table, Tag, Typography } from 'antd';
import { empty } from '../../app/empty';
import { Count } from './StatusCards';
import { formatPeriod } from './system-format';

const HEALTH_COLOUR: Readonly<Record<JobHealth, string | undefined>> = {
  OK: 'green',
  LATE: 'orange',
  FAILING: 'red',
  IDLE: undefined,
};

/** The background queues every server shares, with their last runs and the health of each. */
export function JobQueuesTable({ jobs }: { jobs: JobQueueStatus[] }) {
  return (
    <Table<JobQueueStatus>
      rowKey="queue"
      dataSource={jobs}
      pagination={false}
      size="small"
      // the task and its state stay in view while the rest scrolls (375 px phones)
      scroll={{ x: 900 }}
      locale={{ emptyText: empty('没有后台任务') }}
      columns={[
        {
          title: '任务',
          key: 'queue',
          width: 150,
          fixed: 'left',
          render: (_: unknown, job) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text>{job.label}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {job.queue}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: '状态',
          dataIndex: 'health',
          width: 76,
          fixed: 'left',
          render: (health: JobHealth) => <Tag color={HEALTH_COLOUR[health]}>{JOB_HEALTH_TEXT[health]}</Tag>,
        },
        {
          title: '周期',
          key: 'period',
          width: 120,
          render: (_: unknown, job) => (
            <Space orientation="vertical" size={0}>
              <span>{formatPeriod(job.everySeconds)}</span>
              {job.onDemand && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  有待办时
                </Typography.Text>
              )}
            </Space>
          ),
        },
        {
          title: '最近完成',
          dataIndex: 'lastCompletedAt',
          width: 170,
          render: (v: string | null) => formatDateTime(v),
        },
        {
          title: '最近失败',
          key: 'failed',
          render: (_: unknown, job) => (
            <Space orientation="vertical" size={0} style={{ maxWidth: 260 }}>
              <span>{formatDateTime(job.lastFailedAt)}</span>
              {job.lastError && (
                <Typography.Text
                  type="danger"
                  style={{ fontSize: 12, maxWidth: 260 }}
                  ellipsis={{ tooltip: job.lastError }}
                >
                  {job.lastError}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        {
          title: '近 1 小时 完成 / 失败',
          key: 'lastHour',
          width: 150,
          align: 'right',
          render: (_: unknown, job) => (
            <>
              <Count value={job.completedLastHour} /> / <Count value={job.failedLastHour} tone="error" />
            </>
          ),
        },
      ]}
    />
  );
}
