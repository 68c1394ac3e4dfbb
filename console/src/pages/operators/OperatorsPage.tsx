import { formatDateTime, PERMISSIONS } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import { type OperatorLine, operatorsQuery, type RoleLine, rolesQuery } from '../../api/ops';

/** Who works in the console, with their roles, and what each role may do. */
export default function OperatorsPage() {
  const operators = useQuery(operatorsQuery());
  const roles = useQuery(rolesQuery());
  const error = operators.error ?? roles.error;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        运营人员与角色
      </Typography.Title>
      {error && <Alert type="error" showIcon title={(error as Error).message} />}
      <Card title="运营人员">
        <Table<OperatorLine>
          rowKey="loginId"
          loading={operators.isPending}
          dataSource={operators.data ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: '暂无运营人员' }}
          columns={[
            { title: '姓名', dataIndex: 'name' },
            { title: '登录账号', dataIndex: 'loginId' },
            {
              title: '角色',
              dataIndex: 'roles',
              render: (list: OperatorLine['roles']) => list.map((r) => <Tag key={r.code}>{r.name}</Tag>),
            },
            {
              title: '状态',
              key: 'state',
              render: (_: unknown, op: OperatorLine) =>
                op.disabled ? (
                  <Tag color="default">已停用</Tag>
                ) : op.totpEnrolled ? (
                  <Tag color="green">正常</Tag>
                ) : (
                  <Tag color="orange">待绑定验证器</Tag>
                ),
            },
            {
              title: '创建时间',
              dataIndex: 'createdAt',
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Card>
      <Card title="角色与权限">
        <Table<RoleLine>
          rowKey="code"
          loading={roles.isPending}
          dataSource={roles.data ?? []}
          pagination={false}
          locale={{ emptyText: '暂无角色' }}
          columns={[
            { title: '角色', dataIndex: 'name', width: 120 },
            {
              title: '权限',
              dataIndex: 'permissions',
              render: (list: RoleLine['permissions']) => (
                <Space size={[4, 4]} wrap>
                  {list.map((p) => (
                    <Tag key={p}>{PERMISSIONS[p]}</Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
