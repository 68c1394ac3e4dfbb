import { LoginOutlined, MessageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { applicationListQueryOptions } from '../../api/applications';
import { isRspError } from '../../api/errors';
import {
  APPLICATION_PATH,
  applicationEnterPath,
  auditingPath,
  LOAN_INFO_PATH,
  loginPathBack,
  MATERIAL_LOGIN_PATH,
} from '../../app/paths';
import { ApplicationStateTag, ProductSummary } from '../../components/application/ApplicationParts';
import { useApplicationDetail } from '../../components/application/useApplicationDetail';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { useSession } from '../../session/useSession';
import { EnterForm } from './EnterForm';

function EnterApplication({ rowId }: { rowId: string }) {
  const detail = useApplicationDetail({ rowId });
  const navigate = useNavigate();
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError)
    return (
      <Result
        status={isRspError(detail.error) ? '404' : 'warning'}
        title={isRspError(detail.error) ? '申请不存在或无权查看' : '暂时无法加载申请'}
        extra={
          isRspError(detail.error) ? (
            <Button type="primary" onClick={() => navigate(APPLICATION_PATH)}>
              返回融资申请
            </Button>
          ) : (
            <Button onClick={() => void detail.refetch()}>重新加载</Button>
          )
        }
      />
    );
  const { application, product } = detail.data;
  return (
    <Flex vertical gap={16}>
      <Card
        title={`${application.bankName} · ${product.name}`}
        extra={<ApplicationStateTag state={application.state} />}
      >
        <ProductSummary product={product} />
      </Card>
      {application.state === 'DRAFT' ? (
        <EnterForm detail={detail.data} />
      ) : (
        <Result
          status="info"
          title="该申请已提交"
          extra={
            <Button type="primary" onClick={() => navigate(auditingPath(application.rowId))}>
              查看审核进度
            </Button>
          }
        />
      )}
    </Flex>
  );
}

function SignInPrompt() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <Card variant="borderless">
      <Result
        status="info"
        title="请先登录"
        subTitle="登录后即可填写借款金额、期限和用途并提交申请，登录后会回到本页。"
        extra={
          <Space wrap>
            <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate(loginPathBack(back))}>
              登录
            </Button>
            <Button icon={<MessageOutlined />} onClick={() => navigate(MATERIAL_LOGIN_PATH)}>
              资料录入
            </Button>
          </Space>
        }
      />
    </Card>
  );
}

/** Without a rowId: the drafts the borrower can go on with, or the way to choose a product. */
function ChooseDraft() {
  const navigate = useNavigate();
  const list = useQuery({ ...applicationListQueryOptions(), staleTime: 0 });
  if (list.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (list.isError) {
    return (
      <Result
        status="warning"
        title="暂时无法加载您的申请"
        extra={<Button onClick={() => void list.refetch()}>重新加载</Button>}
      />
    );
  }
  const drafts = list.data.items.filter((a) => a.state === 'DRAFT');
  if (drafts.length === 0) {
    return (
      <Card variant="borderless">
        <Empty description="您还没有待填写的申请，请先选择贷款产品">
          <Button type="primary" onClick={() => navigate(LOAN_INFO_PATH)}>
            选择贷款产品
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Card title="选择要填写的申请">
      <ul className="row-list">
        {drafts.map((a) => (
          <li key={a.rowId}>
            <Flex vertical gap={2}>
              <Typography.Text strong>{`${a.bankName} · ${a.productCode}`}</Typography.Text>
              <Typography.Text type="secondary">申请编号 {a.rowId}</Typography.Text>
            </Flex>
            <Link to={applicationEnterPath(a.rowId)}>继续填写</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * /application/enter?rowId=…: the amount, term and purpose of a draft application (EnterForm: checked as typed,
 * previewed, confirmed before submitting); without a rowId the drafts to go on with.
 */
export default function ApplicationEnterPage() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const rowId = searchParams.get('rowId');
  let content: ReactNode;
  if (!session.accessToken) content = <SignInPrompt />;
  else if (!rowId) content = <ChooseDraft />;
  else content = <EnterApplication key={rowId} rowId={rowId} />;
  return (
    <StandaloneFrame width={760} nav>
      <Typography.Title level={3} className="standalone-title">
        填写借款信息
      </Typography.Title>
      {content}
    </StandaloneFrame>
  );
}
