import { LoginOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../app/guard';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { useSession } from '../../session/useSession';

/** /application/enter: where material entry lands. The entry form is built by a later issue. */
export default function ApplicationEnterPage() {
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = Boolean(session.accessToken);
  return (
    <StandaloneFrame width={720}>
      <Card variant="borderless">
        <Typography.Title level={3}>申请入口</Typography.Title>
        {signedIn && (
          <Alert
            className="form-alert"
            type="success"
            showIcon
            title={`您已登录${session.loginName ? `：${session.loginName}` : ''}`}
          />
        )}
        <Typography.Paragraph>
          这里是融资申请资料的录入入口：选择合作银行的产品后，按步骤填写企业与店铺信息、上传证明材料并提交。
        </Typography.Paragraph>
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title="申请资料录入功能正在建设中，暂未开放"
          description={signedIn ? '您可以先进入平台查看申请前需要完成的准备事项。' : '请先登录平台。'}
        />
        <Space wrap>
          {signedIn ? (
            <Button type="primary" onClick={() => navigate('/')}>
              进入平台
            </Button>
          ) : (
            <>
              <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate(LOGIN_PATH)}>
                登录
              </Button>
              <Button icon={<MessageOutlined />} onClick={() => navigate('/materialLogin')}>
                资料录入
              </Button>
            </>
          )}
        </Space>
      </Card>
    </StandaloneFrame>
  );
}
