import { formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Table, Tag } from 'antd';
import { operatorActs, type SessionLine, sessionsQuery } from '../../api/operators';
import { empty } from '../../app/empty';
import { useAct } from '../../app/useAct';

/** 在线会话: the console sessions open now; an administrator ends any but their own. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery());
  const act = useAct();
  const end = (ref: string) => act(() => operatorActs.endSession(ref), '已结束该会话');
  return (
    <Card title="在线会话">
      <Table<SessionLine>
        rowKey="ref"
        size="small"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: empty('没有在线的会话') }}
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
