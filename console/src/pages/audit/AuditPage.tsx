import { DownloadOutlined } from '@ant-design/icons';
import {
  AUDIT_ACTOR_LABELS,
  auditChanges,
  auditLabel,
  auditSummary,
  formatDateTime,
  shanghaiInstant,
} from '@loan/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadAuditExport } from '../../api/audit-export';
import { OpsApiError } from '../../api/http';
import { type AuditEntry, type AuditFilter, auditQuery } from '../../api/ops';
import { empty } from '../../app/empty';

interface FilterValues {
  action?: string;
  loginId?: string;
  actor?: AuditFilter['actor'];
  subject?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The start of a picked day in Shanghai, as an instant; `daysLater` days on. */
const shanghaiDay = (day: Dayjs, daysLater = 0) =>
  shanghaiInstant(day.add(daysLater, 'day').format('YYYY-MM-DD')).toISOString();

/** The audit log, newest first: by action, login id and time, twenty at a time. */
export default function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const wide = Grid.useBreakpoint().md === true;
  const query = useInfiniteQuery(auditQuery(filter));
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportNow = async () => {
    setExporting(true);
    try {
      await downloadAuditExport(filter);
    } catch (e) {
      message.error(e instanceof OpsApiError ? e.desc : '导出失败，请稍后重试');
    } finally {
      setExporting(false);
    }
  };
  const search = (values: FilterValues) => {
    const [from, to] = values.range ?? [null, null];
    setFilter({
      action: values.action?.trim() || undefined,
      loginId: values.loginId?.trim() || undefined,
      actor: values.actor || undefined,
      subject: values.subject?.trim() || undefined,
      from: from ? shanghaiDay(from) : undefined,
      to: to ? shanghaiDay(to, 1) : undefined,
    });
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        审计日志
      </Typography.Title>
      <Card>
        <Form<FilterValues>
          layout={wide ? 'inline' : 'vertical'}
          onFinish={search}
          aria-label="审计日志查询条件"
          className="ops-filter"
        >
          <Form.Item label="动作" name="action">
            <Input placeholder="如 ops.login" allowClear maxLength={64} />
          </Form.Item>
          <Form.Item label="登录账号" name="loginId">
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item label="操作方" name="actor">
            <Select
              allowClear
              placeholder="全部"
              style={{ minWidth: 120 }}
              options={Object.entries(AUDIT_ACTOR_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item label="对象" name="subject" tooltip="如 borrower:demo、operator:ops-admin、refund:RF…">
            <Input placeholder="如 borrower:demo" allowClear maxLength={80} />
          </Form.Item>
          <Form.Item label="日期（北京时间）" name="range">
            <DatePicker.RangePicker allowEmpty={[true, true]} style={wide ? undefined : { width: '100%' }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportNow}>
                导出 Excel
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {query.isError && <Alert type="error" showIcon title={(query.error as Error).message} />}
      <Table<AuditEntry>
        rowKey="id"
        loading={query.isPending}
        dataSource={entries}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: empty('没有符合条件的记录') }}
        expandable={{
          rowExpandable: (entry) => auditChanges(entry.detail).length > 0,
          expandedRowRender: (entry) => <ChangeTable entry={entry} />,
          columnTitle: '变更',
          columnWidth: 64,
        }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 170, render: (at: string) => formatDateTime(at) },
          { title: '动作', dataIndex: 'action', width: 190, render: (action: string) => auditLabel(action) },
          {
            title: '内容',
            dataIndex: 'detail',
            render: (detail: AuditEntry['detail']) => auditSummary(detail),
          },
          {
            title: '操作方',
            dataIndex: 'actor',
            width: 100,
            render: (actor: AuditEntry['actor']) => <Tag>{AUDIT_ACTOR_LABELS[actor]}</Tag>,
          },
          { title: '登录账号', dataIndex: 'loginId', width: 140, render: (v: string | null) => v ?? '—' },
          { title: '来源地址', dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
        ]}
      />
      {query.hasNextPage && (
        <Button block onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
          加载更多
        </Button>
      )}
    </Space>
  );
}

/** What an entry changed: one row per field, before and after. */
function ChangeTable({ entry }: { entry: AuditEntry }) {
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={auditChanges(entry.detail)}
      aria-label="变更前后"
      columns={[
        { title: '字段', dataIndex: 'label', width: 140 },
        { title: '变更前', dataIndex: 'before' },
        { title: '变更后', dataIndex: 'after' },
      ]}
    />
  );
}
