import { formatDateTime, type SystemStatus } from '@loan/domain';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOpsSession } from '../../app/session';
import { WARNING_TEXT } from '../../app/theme';
import { formatEnvironment, formatUptime } from './system-format';

/** A count, in the warning or error colour when it is above zero. */
export function Count({ value, tone }: { value: number; tone?: 'warning' | 'error' }) {
  if (value > 0 && tone === 'error') return <Typography.Text type="danger">{value}</Typography.Text>;
  if (value > 0 && tone === 'warning')
    return <Typography.Text style={{ color: WARNING_TEXT }}>{value}</Typography.Text>;
  return <Typography.Text>{value}</Typography.Text>;
}

function StatusCard({ title, items }: { title: string; items: { label: string; value: ReactNode }[] }) {
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        items={items.map((item) => ({ key: item.label, label: item.label, children: item.value }))}
      />
    </Card>
  );
}

/** The four cards above the queues: one column on a phone, two on a tablet, four on a wide screen. */
export function StatusCards({ status }: { status: SystemStatus }) {
  const mayResolveCalls = useOpsSession()?.operator.permissions.includes('partner-call.resolve') ?? false;
  const { database, server, partnerCalls, notices } = status;
  const open = <Count value={partnerCalls.open} tone="warning" />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <StatusCard
          title="数据库"
          items={[
            { label: '类型', value: database.kind === 'pglite' ? 'PGlite 内嵌' : 'PostgreSQL' },
            { label: '迁移已执行', value: <Count value={database.migrationsApplied} /> },
            { label: '迁移待执行', value: <Count value={database.migrationsPending} tone="warning" /> },
          ]}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatusCard
          title="本服务器"
          items={[
            { label: '进程号', value: server.pid },
            { label: 'Node 版本', value: server.node },
            { label: '已运行', value: formatUptime(server.uptimeSeconds) },
            { label: '环境', value: formatEnvironment(server.environment) },
            { label: '沙箱', value: server.sandbox ? '是' : '否' },
          ]}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatusCard
          title="合作方调用"
          items={[
            {
              label: '未答复',
              value:
                partnerCalls.open > 0 && mayResolveCalls ? (
                  <Link to="/partner-calls" aria-label={`未答复 ${partnerCalls.open} 笔，查看合作方调用`}>
                    {partnerCalls.open} 笔，去处理
                  </Link>
                ) : (
                  open
                ),
            },
            { label: '最早发起', value: formatDateTime(partnerCalls.oldestOpenAt) },
            { label: '近 7 天被拒', value: <Count value={partnerCalls.refusedLast7Days} /> },
          ]}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatusCard
          title="消息发送"
          items={[
            { label: '待发送', value: <Count value={notices.pending} /> },
            { label: '近 24 小时失败', value: <Count value={notices.failedLast24h} tone="error" /> },
          ]}
        />
      </Col>
    </Row>
  );
}
