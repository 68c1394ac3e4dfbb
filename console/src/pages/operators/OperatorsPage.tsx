import { bankScopeText, formatDateTime, PERMISSIONS } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { operatorActs } from '../../api/operators';
import { type OperatorLine, operatorsQuery, type RoleLine, rolesQuery } from '../../api/ops';
import { empty } from '../../app/empty';
import { useOpsSession } from '../../app/session';
import { useAct } from '../../app/useAct';
import { CreateOperatorDialog, RolesDialog } from './OperatorDialogs';
import { SessionsCard } from './SessionsCard';

/** Who works in the console, with their roles; what each role may do; the sessions open now. */
export default function OperatorsPage() {
  const operators = useQuery(operatorsQuery());
  const roles = useQuery(rolesQuery());
  const session = useOpsSession();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ loginId: string; roles: string[] } | null>(null);
  const error = operators.error ?? roles.error;
  const refresh = () => client.invalidateQueries({ queryKey: ['ops'] });
  const run = useAct();
  const me = session?.operator.loginId;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        运营人员与角色
      </Typography.Title>
      {error && <Alert type="error" showIcon title={(error as Error).message} />}
      <Card
        title="运营人员"
        extra={
          <Button type="primary" onClick={() => setCreating(true)}>
            新建运营人员
          </Button>
        }
      >
        <Table<OperatorLine>
          rowKey="loginId"
          loading={operators.isPending}
          dataSource={operators.data ?? []}
          pagination={false}
          scroll={{ x: 1150 }}
          locale={{ emptyText: empty('暂无运营人员') }}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 110 },
            { title: '登录账号', dataIndex: 'loginId', width: 130 },
            {
              title: '工作邮箱',
              dataIndex: 'email',
              width: 200,
              render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
            },
            {
              title: '角色',
              dataIndex: 'roles',
              render: (list: OperatorLine['roles']) =>
                list.length ? (
                  list.map((r) => <Tag key={r.code}>{r.name}</Tag>)
                ) : (
                  <Tag color="orange">无角色</Tag>
                ),
            },
            {
              title: '状态',
              key: 'state',
              width: 120,
              render: (_: unknown, op: OperatorLine) =>
                op.disabled ? (
                  <Tag color="default">已停用</Tag>
                ) : op.invitationPending ? (
                  <Tag color="blue">待接受邀请</Tag>
                ) : op.totpEnrolled ? (
                  <Tag color="green">正常</Tag>
                ) : (
                  <Tag color="orange">待绑定验证器</Tag>
                ),
            },
            {
              title: '创建时间',
              dataIndex: 'createdAt',
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: '操作',
              key: 'act',
              width: 300,
              fixed: 'right',
              render: (_: unknown, op: OperatorLine) =>
                op.loginId === me ? (
                  <Typography.Text type="secondary">本人</Typography.Text>
                ) : (
                  <Space size={4} wrap>
                    <Button
                      size="small"
                      onClick={() => setEditing({ loginId: op.loginId, roles: op.roles.map((r) => r.code) })}
                    >
                      变更角色
                    </Button>
                    <Popconfirm
                      title={op.disabled ? `启用 ${op.name}？` : `停用 ${op.name}？其会话将立即结束`}
                      okText="确定"
                      cancelText="取消"
                      onConfirm={() =>
                        run(
                          () => operatorActs.setDisabled(op.loginId, !op.disabled),
                          op.disabled ? '已启用' : '已停用',
                        )
                      }
                    >
                      <Button size="small" danger={!op.disabled}>
                        {op.disabled ? '启用' : '停用'}
                      </Button>
                    </Popconfirm>
                    {op.invitationPending && (
                      <Popconfirm
                        title={`重新向 ${op.email ?? op.name} 发送邀请？`}
                        description="旧的初始密码随即失效"
                        okText="发送"
                        cancelText="取消"
                        onConfirm={() =>
                          run(() => operatorActs.resendInvitation(op.loginId), '已重新发送邀请')
                        }
                      >
                        <Button size="small">重新发送邀请</Button>
                      </Popconfirm>
                    )}
                    <Popconfirm
                      title={`重置 ${op.name} 的验证器？`}
                      description="其会话立即结束，下次登录须重新绑定"
                      okText="重置"
                      cancelText="取消"
                      onConfirm={() => run(() => operatorActs.resetTotp(op.loginId), '已重置验证器')}
                    >
                      <Button size="small">重置验证器</Button>
                    </Popconfirm>
                  </Space>
                ),
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
          locale={{ emptyText: empty('暂无角色') }}
          columns={[
            { title: '角色', dataIndex: 'name', width: 120 },
            {
              title: '数据范围',
              dataIndex: 'bankScope',
              width: 200,
              render: (scope: RoleLine['bankScope']) =>
                scope === null ? <Tag color="blue">{bankScopeText(null)}</Tag> : bankScopeText(scope),
            },
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
      <SessionsCard />
      <CreateOperatorDialog
        open={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void refresh();
        }}
      />
      <RolesDialog
        target={editing}
        roles={roles.data ?? []}
        onClose={(asked) => {
          setEditing(null);
          if (asked) {
            message.success('已提交，等待另一位管理员复核后生效');
            void refresh();
          }
        }}
      />
    </Space>
  );
}
