import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { useSupportContact } from '../../components/SupportContact';

const BANKS = [
  { code: 'YNIT', name: '信托贷款产品' },
  { code: 'CGB', name: '合作银行贷款产品' },
  { code: 'FUIOU', name: '合作机构贷款产品' },
  { code: 'SHRB', name: '合作银行贷款产品' },
  { code: 'CRBANK', name: '合作银行订单融资产品' },
];

const STEPS = [
  '登录平台，首次登录先修改初始密码',
  '授权店铺，让合作银行查看店铺销售数据',
  '选择合作银行的贷款产品，阅读并确认协议',
  '完成实名与企业认证，提交申请，等待审核',
  '银行放款后，在平台查看贷款、还款与交易记录',
];

/** 联系我们: customer service as the server is configured, and the account manager. */
function ContactUs() {
  const support = useSupportContact();
  return (
    <Descriptions column={1} size="small" data-testid="about-contact">
      <Descriptions.Item label="客户经理">如有疑问，请联系为您开通账号的客户经理</Descriptions.Item>
      {support && (
        <>
          <Descriptions.Item label="客服电话">
            <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}>{support.phone}</a>
          </Descriptions.Item>
          <Descriptions.Item label="客服邮箱">
            <a href={`mailto:${support.email}`}>{support.email}</a>
          </Descriptions.Item>
          <Descriptions.Item label="服务时间">{support.hours}</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}

/** /about: what the portal is. */
export default function AboutPage() {
  return (
    <StandaloneFrame width={880}>
      <Card variant="borderless">
        <Typography.Title level={3}>关于我们</Typography.Title>
        <Typography.Paragraph>
          跨境电商融资服务平台面向在亚马逊等海外电商平台经营的中国卖家，帮助卖家以店铺的真实销售为依据，
          通过合作银行与金融机构申请贷款与融资。贷款由合作机构审核和发放，平台提供申请、协议确认、进度查询、
          还款与交易记录、服务费缴纳以及收款账户设置等服务。
        </Typography.Paragraph>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>合作机构</Typography.Title>
            <Typography.Paragraph type="secondary">
              各产品的额度、期限与年化利率以产品页面为准。
            </Typography.Paragraph>
            <ul className="plain-list plain-list-bordered">
              {BANKS.map((bank) => (
                <li key={bank.code} className="plain-list-item">
                  <Tag color="blue">{bank.code}</Tag>
                  <span className="plain-list-title">{bank.name}</span>
                </li>
              ))}
            </ul>
          </Col>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>如何申请</Typography.Title>
            <ol className="about-steps">
              {STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Col>
        </Row>
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          <SafetyCertificateOutlined /> 安全与隐私
        </Typography.Title>
        <Typography.Paragraph>
          密码在浏览器中加密后传输，服务器只保存不可逆的密码摘要；身份证号、银行账号等个人信息加密存储，
          页面上只显示脱敏后的内容。每笔贷款都会展示年化利率，费用在申请前列明。
        </Typography.Paragraph>
        <Typography.Title level={5}>联系我们</Typography.Title>
        <ContactUs />
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title="关于沙箱环境"
          description="页脚显示“沙箱环境”时，合作银行、店铺授权、短信、邮件与支付均为模拟实现，不产生真实的贷款、扣款或交易。"
        />
      </Card>
    </StandaloneFrame>
  );
}
