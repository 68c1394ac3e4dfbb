import { formatDateTime } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Table, Tag } from 'antd';
import { OpsApiError } from '../../api/http';
import { operatorActs, type SessionLine, sessionsQuery } from '../../api/operators';

/** 在线会话: the console sessions open now; an administrator ends any but their own. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery());
  const client = useQueryClient();
  const { message } = App.useApp();
  const end = async (ref: string) => {
    try {
      await operatorActs.endSession(ref);
      message.success('已结束该会话');
    } catch (e) {
      message.error(e instanceof OpsApiError ? e.desc : '操作失败，请稍后重试');
    } finally {
      await client.invalidateQueries({ queryKey: ['ops', 'sessions'] });
    }
  };
  return (
    <Card title="在线会话">
      <Table<SessionLine>
        rowKey="ref"
        size="small"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: '没有在线的会话' }}
        columns={[
          {
            title: '运营人员',
            key: 'who',
            render: (_: unknown, s) => (
              <>
                {s.name}（{s.loginId}）{s.current && <Tag color="blue">当前会话</Tag>}
              </>
            ),
          },
          { title: '来源地址', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
          { title: '登录时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: '最近活动',
            dataIndex: 'lastSeenAt',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: '操作',
            key: 'act',
            width: 90,
            render: (_: unknown, s) =>
              s.current ? null : (
                <Popconfirm title="结束该会话？" okText="结束" cancelText="取消" onConfirm={() => end(s.ref)}>
                  <Button size="small" danger>
                    结束
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
