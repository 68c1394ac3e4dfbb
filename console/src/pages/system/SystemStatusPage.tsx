import { ReloadOutlined } from '@ant-design/icons';
import { formatDateTime, lateAfterSeconds } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Skeleton, Space, Typography } from 'antd';
import { systemStatusQuery } from '../../api/system';
import { JobQueuesTable } from './JobQueuesTable';
import { StatusCards } from './StatusCards';

/** While the page is open it asks again every 15 seconds, showing the last answer meanwhile. */
const REFRESH_MS = 15_000;

/** The shortest time without a completed run that makes a queue late (three periods, at least this). */
const LATE_AT_LEAST_MINUTES = lateAfterSeconds(0) / 60;

const QUEUES_EXPLAINED =
  '所有服务器共用这些任务队列，每个任务在所有服务器中每个周期至多执行一次。' +
  `「延迟」指超过三个周期（且至少 ${LATE_AT_LEAST_MINUTES} 分钟）没有完成一次执行；` +
  '「失败」指最近一次执行失败且此后未再完成；' +
  '「空闲」指只在有待办时才执行的任务近来没有需要处理的事，并非故障。';

/** 系统状态: the background queues every server shares, open partner calls, notices, database and server. */
export default function SystemStatusPage() {
  const status = useQuery({ ...systemStatusQuery(), refetchInterval: REFRESH_MS });
  const { data } = status;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          系统状态
        </Typography.Title>
        <Space size={8} wrap>
          {data && (
            <Typography.Text type="secondary">检查时间 {formatDateTime(data.checkedAt)}</Typography.Text>
          )}
          <Button icon={<ReloadOutlined />} loading={status.isFetching} onClick={() => status.refetch()}>
            刷新
          </Button>
        </Space>
      </Flex>
      {status.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !data ? (
        <Result
          status="error"
          title="系统状态获取失败"
          subTitle={(status.error as Error | null)?.message ?? '请稍后重试'}
          extra={
            <Button type="primary" onClick={() => status.refetch()} loading={status.isFetching}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          {status.isError && (
            <Alert
              type="warning"
              showIcon
              title={`刷新失败：${(status.error as Error).message}，以下为 ${formatDateTime(data.checkedAt)} 的状态`}
            />
          )}
          <StatusCards status={data} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            后台任务
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {QUEUES_EXPLAINED}
          </Typography.Paragraph>
          <JobQueuesTable jobs={data.jobs} />
        </>
      )}
    </Space>
  );
}
