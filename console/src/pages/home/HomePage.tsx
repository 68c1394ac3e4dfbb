import { PERMISSIONS } from '@loan/domain';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useOpsSession } from '../../app/session';
import { CollectionFiguresCard } from '../collections/CollectionFiguresCard';

/** The operator's start page: who they are and what their roles let them do. */
export default function HomePage() {
  const session = useOpsSession();
  if (!session) return null;
  const { operator } = session;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        工作台
      </Typography.Title>
      <Card title="我的账号">
        <Descriptions column={1} size="small">
          <Descriptions.Item label="姓名">{operator.name}</Descriptions.Item>
          <Descriptions.Item label="登录账号">{operator.loginId}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {operator.roles.map((r) => r.name).join('、') || '无'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {operator.permissions.includes('collection.view') && <CollectionFiguresCard />}
      <Card title="我的权限">
        {operator.permissions.length === 0 ? (
          <Typography.Text type="secondary">尚未分配任何权限，请联系管理员。</Typography.Text>
        ) : (
          <Space size={[8, 8]} wrap>
            {operator.permissions.map((p) => (
              <Tag key={p}>{PERMISSIONS[p]}</Tag>
            ))}
          </Space>
        )}
      </Card>
    </Space>
  );
}
