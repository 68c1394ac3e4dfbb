import { CheckCircleFilled, ClockCircleOutlined, RightOutlined } from '@ant-design/icons';
import type { Prerequisite } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { productListQueryOptions } from '../../api/products';
import { userAllCheckQueryOptions } from '../../api/users';
import { DRAWN_AFTER_PAGE_CALLS } from '../../app/route-data';
import { useDelayedLoading } from '../../app/useDelayedLoading';
import { PagePlaceholder, usePageCallsSettled } from '../../components/PagePlaceholder';
import { StoreAuthCard } from '../../components/store/StoreAuthCard';
import { useStoreCheck } from '../../components/store/useStoreCheck';
import { ProductList } from './ProductList';

function StepStatus({ step }: { step: Prerequisite }) {
  if (step.done) return <Tag color="success">已完成</Tag>;
  if (!step.available) return <Tag icon={<ClockCircleOutlined />}>即将开放</Tag>;
  return (
    <Link to={step.path}>
      去完成 <RightOutlined />
    </Link>
  );
}

/**
 * The steps a user still has to do before applying (GET /users/toUserAllCheck). `drawnAfterPageCalls`: the page
 * asked for them before drawing the card (LoanInfoPage), which shows that answer.
 */
export function PrerequisitesCard({ drawnAfterPageCalls = false }: { drawnAfterPageCalls?: boolean }) {
  const check = useQuery({
    ...userAllCheckQueryOptions(),
    ...(drawnAfterPageCalls ? DRAWN_AFTER_PAGE_CALLS : {}),
  });
  const loading = useDelayedLoading(check.isPending);
  const steps = check.data?.steps ?? [];
  const todo = steps.filter((step) => !step.done).length;

  return (
    <Card
      title="申请前准备"
      extra={
        check.data &&
        (check.data.ready ? (
          <Tag color="success">已就绪</Tag>
        ) : (
          <Tag color="processing">待完成 {todo} 项</Tag>
        ))
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : check.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂时无法获取您的准备情况">
          <Button onClick={() => void check.refetch()}>重新加载</Button>
        </Empty>
      ) : (
        <>
          {check.data?.ready && (
            <Alert
              className="form-alert"
              type="success"
              showIcon
              title="准备工作已全部完成，可以选择下方的贷款产品申请。"
            />
          )}
          {steps.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无需要完成的准备事项" />
          ) : (
            <ul className="plain-list" aria-label="申请前准备事项">
              {steps.map((step) => (
                <li key={step.key} className="plain-list-item">
                  {step.done ? (
                    <CheckCircleFilled className="plain-list-icon" style={{ color: '#52c41a' }} />
                  ) : (
                    <ClockCircleOutlined className="plain-list-icon" style={{ color: '#bfbfbf' }} />
                  )}
                  <span className="plain-list-title">{step.title}</span>
                  <StepStatus step={step} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

/**
 * /apply/LoanInfo: the store authorisation, what is left to do before applying, and the products to compare. The
 * cards are drawn together once the page's three calls have answered (one placeholder before, kept as long as every
 * loading mask is), so no card moves when the one above it fills in, and the page is drawn in one pass.
 */
export default function LoanInfoPage() {
  const calls = [useStoreCheck(), useQuery(userAllCheckQueryOptions()), useQuery(productListQueryOptions())];
  if (!usePageCallsSettled(calls)) return <PagePlaceholder />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <StoreAuthCard />
      </Col>
      <Col xs={24} lg={12}>
        <PrerequisitesCard drawnAfterPageCalls />
      </Col>
      <Col xs={24}>
        <ProductList />
      </Col>
    </Row>
  );
}
