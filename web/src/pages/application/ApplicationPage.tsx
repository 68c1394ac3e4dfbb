import { LoginOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../app/guard';
import { StandaloneFrame } from '../../components/StandaloneFrame';

/** /application: what the financing application is, and the ways in. The form itself is built by a later issue. */
export default function ApplicationPage() {
  const navigate = useNavigate();
  return (
    <StandaloneFrame width={720}>
      <Card variant="borderless">
        <Typography.Title level={3}>融资申请</Typography.Title>
        <Typography.Paragraph>
          跨境电商卖家可以凭店铺的真实销售情况，通过平台向合作银行申请融资。申请时需要登录平台、授权店铺、
          确认相关协议并完成实名与企业认证，提交后由合作银行审核。
        </Typography.Paragraph>
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title="在线填写融资申请资料的功能正在建设中"
          description="目前您可以先登录平台，完成修改初始密码等准备工作。"
        />
        <Space wrap>
          <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate(LOGIN_PATH)}>
            登录
          </Button>
          <Button icon={<MessageOutlined />} onClick={() => navigate('/materialLogin')}>
            资料录入
          </Button>
        </Space>
      </Card>
    </StandaloneFrame>
  );
}
