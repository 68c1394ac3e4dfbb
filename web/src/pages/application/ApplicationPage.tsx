import { LoginOutlined, MessageOutlined, RightOutlined } from '@ant-design/icons';
import {
  APPLICATION_STEPS,
  type ApplicationView,
  formatDateTime,
  MATERIAL_INFO,
  MATERIALS,
  PARTNER_BANKS,
  STEP_INFO,
} from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Space, Steps, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { applicationListQueryOptions } from '../../api/applications';
import { userKeys } from '../../api/users';
import {
  APPLICATION_PATH,
  auditingPath,
  LOAN_INFO_PATH,
  loginPathBack,
  MATERIAL_LOGIN_PATH,
} from '../../app/paths';
import { ApplicationStateTag, yuanText } from '../../components/application/ApplicationParts';
import { CertificationForm } from '../../components/certification/CertificationForm';
import { LoadError } from '../../components/LoadError';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { useSession } from '../../session/useSession';
import { PrerequisitesCard } from '../loan-info/LoanInfoPage';

/** Where the borrower looks after an application: its bank page while a draft, else the review screen. */
function applicationLink(application: ApplicationView): { to: string; label: string } {
  return application.state === 'DRAFT'
    ? { to: application.bankPath, label: '继续申请' }
    : { to: auditingPath(application.rowId), label: '查看进度' };
}

function Journey() {
  return (
    <>
      <Typography.Title level={4}>申请流程</Typography.Title>
      <Typography.Paragraph>
        先登录平台并授权电商店铺，再在「贷款信息」中比较合作机构的产品并选择一款。各合作机构的步骤略有不同，常见步骤如下：
      </Typography.Paragraph>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={APPLICATION_STEPS.map((key) => ({
          key,
          title: STEP_INFO[key].title,
          content: STEP_INFO[key].description,
        }))}
      />
      <Typography.Title level={4}>需要准备的材料</Typography.Title>
      <ul className="plain-list" aria-label="申请材料">
        {MATERIALS.map((key) => (
          <li key={key} className="plain-list-item">
            <span className="plain-list-title">
              <Typography.Text strong>{MATERIAL_INFO[key].title}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{MATERIAL_INFO[key].description}</Typography.Text>
            </span>
          </li>
        ))}
      </ul>
      <Typography.Title level={4}>什么是年化利率</Typography.Title>
      <Typography.Paragraph>
        年化利率是把利息和服务费等全部借款成本，按实际还款时间折算成的年利率（按月现金流计算的内部收益率 ×
        12）。
        它比名义年利率更能反映借款的真实成本：同样的名义年利率，收取服务费或采用等额还款的产品，年化利率会更高。比较产品时请以年化利率为准。
      </Typography.Paragraph>
    </>
  );
}

function Visitor() {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Typography.Paragraph>
        跨境电商卖家可以凭店铺的真实销售情况，通过平台向合作机构申请融资：登录平台、授权店铺、确认相关协议并完成企业与法定代表人认证，提交后由合作机构审核。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<LoginOutlined />}
          onClick={() => navigate(loginPathBack(APPLICATION_PATH))}
        >
          登录
        </Button>
        <Button icon={<MessageOutlined />} onClick={() => navigate(MATERIAL_LOGIN_PATH)}>
          资料录入
        </Button>
      </Space>
      <Journey />
    </Card>
  );
}

function MyApplications({ items }: { items: readonly ApplicationView[] }) {
  if (items.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您还没有融资申请">
        <Link to={LOAN_INFO_PATH}>去选择贷款产品</Link>
      </Empty>
    );
  return (
    <ul className="plain-list" aria-label="我的申请">
      {items.map((application) => {
        const link = applicationLink(application);
        return (
          <li key={application.rowId} className="plain-list-item">
            <span className="plain-list-title">
              <Typography.Text strong>
                {application.bankName} · {application.productCode}
              </Typography.Text>{' '}
              <ApplicationStateTag state={application.state} />
              <br />
              <Typography.Text type="secondary">
                {application.amount ? yuanText(application.amount) : '金额未填写'}
                {application.termMonths ? ` · ${application.termMonths} 个月` : ''} ·{' '}
                {formatDateTime(application.createdAt)}
              </Typography.Text>
            </span>
            <Link to={link.to}>
              {link.label} <RightOutlined />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Borrower() {
  const queryClient = useQueryClient();
  const list = useQuery(applicationListQueryOptions());
  const items = list.data?.items ?? [];
  const drafts = items.filter((a) => a.state === 'DRAFT');
  const needs = (step: 'BIND_CARD' | 'UPLOAD_DOCUMENTS') =>
    drafts.some((a) => PARTNER_BANKS[a.bank].flow.includes(step));

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            title="我的申请"
            extra={
              <Link to={LOAN_INFO_PATH}>
                选择贷款产品 <RightOutlined />
              </Link>
            }
          >
            {list.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : list.isError ? (
              <LoadError query={list} title="暂时无法获取您的申请" />
            ) : (
              <MyApplications items={items} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <PrerequisitesCard />
        </Col>
      </Row>
      <Card title="贷款认证">
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <CertificationForm
            needBankCard={needs('BIND_CARD')}
            needSalesStatement={needs('UPLOAD_DOCUMENTS')}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: userKeys.allCheck })}
          />
        )}
      </Card>
    </Flex>
  );
}

/** /application (open): the journey explained and the ways in; signed in, the borrower's own starting point. */
export default function ApplicationPage() {
  const session = useSession();
  const signedIn = Boolean(session.accessToken);
  return (
    <StandaloneFrame width={signedIn ? 1080 : 760} nav>
      <Typography.Title level={3} className="standalone-title">
        融资申请
      </Typography.Title>
      {signedIn ? <Borrower /> : <Visitor />}
    </StandaloneFrame>
  );
}
