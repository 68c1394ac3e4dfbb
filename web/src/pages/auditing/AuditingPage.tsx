import {
  APPLICATION_STATE_DISPLAY,
  type ApplicationDetail,
  type ApplicationState,
  type ApplicationView,
  approvedNextText,
  awaitsDecision,
  stepAfterApproval,
} from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applicationKeys, applicationListQueryOptions } from '../../api/applications';
import { isRspError } from '../../api/errors';
import { usePageTitle } from '../../app/page-title';
import { applicationEnterPath, LOAN_INFO_PATH } from '../../app/paths';
import { AdvanceCancelButton } from '../../components/application/AdvanceCancelButton';
import {
  ApplicationCard,
  ApplicationTimeline,
  yuanText,
} from '../../components/application/ApplicationParts';
import { DisbursedResult } from '../../components/application/DisbursedResult';
import { useApplicationDetail } from '../../components/application/useApplicationDetail';
import { LoadError } from '../../components/LoadError';
import { StandaloneFrame } from '../../components/StandaloneFrame';

/** The route's title, while no application is shown. */
const ROUTE_TITLE = '审核中';

/** The page's heading and the tab's title: the shown application's state (审核中 → 审批通过, 已拒绝, 已取消 …). */
function Heading({ state }: { state: ApplicationState | null }) {
  const title = state ? APPLICATION_STATE_DISPLAY[state].label : null;
  usePageTitle(title);
  return (
    <Typography.Title level={3} className="standalone-title">
      {title ?? ROUTE_TITLE}
    </Typography.Title>
  );
}

/** The newest application still waiting for the bank's decision. */
function newestAwaiting(items: readonly ApplicationView[]): ApplicationView | null {
  const waiting = items.filter((a) => awaitsDecision(a.state));
  waiting.sort((a, b) => (b.submittedAt ?? b.updatedAt).localeCompare(a.submittedAt ?? a.updatedAt));
  return waiting[0] ?? null;
}

function Decision({ detail }: { detail: ApplicationDetail }) {
  const navigate = useNavigate();
  const { application } = detail;
  const display = APPLICATION_STATE_DISPLAY[application.state];
  const reason = application.decisionReason;
  switch (application.state) {
    case 'SUBMITTED':
    case 'UNDER_REVIEW':
      return (
        <Result
          icon={<Spin size="large" />}
          title={display.label}
          subTitle={`${display.hint}。审核结果会自动显示在本页，无需刷新。`}
        />
      );
    case 'APPROVED': {
      const next = stepAfterApproval(detail.steps);
      return (
        <Result
          status="success"
          title="审批通过"
          subTitle={`审批金额：${yuanText(application.approvedAmount ?? application.amount)}。${approvedNextText(detail.steps)}`}
          extra={
            <Button type="primary" onClick={() => navigate(application.bankPath)}>
              {next ? `去${next.title}` : '查看申请'}
            </Button>
          }
        />
      );
    }
    case 'REJECTED':
      return (
        <Result
          status="error"
          title="审核未通过"
          subTitle={reason ? `原因：${reason}` : display.hint}
          extra={
            <Button type="primary" onClick={() => navigate(LOAN_INFO_PATH)}>
              查看其他产品
            </Button>
          }
        />
      );
    case 'WITHDRAWN':
    case 'CANCELLED':
      return (
        <Result
          status="info"
          title={display.label}
          subTitle={reason ? `${display.hint}。原因：${reason}` : display.hint}
          extra={<Link to={LOAN_INFO_PATH}>重新选择产品</Link>}
        />
      );
    case 'SIGNED':
      return (
        <Result
          icon={<Spin size="large" />}
          title={display.label}
          subTitle={`${display.hint}。放款结果会自动显示在本页，无需刷新。`}
        />
      );
    case 'DISBURSED':
      return <DisbursedResult application={application} />;
    default:
      return (
        <Result
          status="info"
          title="申请尚未提交"
          subTitle={display.hint}
          extra={
            <Button type="primary" onClick={() => navigate(applicationEnterPath(application.rowId))}>
              继续填写
            </Button>
          }
        />
      );
  }
}

function AuditingDetail({ rowId }: { rowId: string }) {
  const detail = useApplicationDetail({ rowId }, { poll: true });
  const queryClient = useQueryClient();
  if (detail.isPending)
    return (
      <>
        <Heading state={null} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </>
    );
  if (detail.isError)
    return (
      <>
        <Heading state={null} />
        <Result
          status={isRspError(detail.error) ? '404' : 'warning'}
          title={isRspError(detail.error) ? '申请不存在或无权查看' : '暂时无法加载申请'}
          extra={
            isRspError(detail.error) ? (
              <Link to={LOAN_INFO_PATH}>返回贷款信息</Link>
            ) : (
              <Button onClick={() => void detail.refetch()}>重新加载</Button>
            )
          }
        />
      </>
    );
  const { application } = detail.data;
  return (
    <Flex vertical gap={16}>
      <Heading state={application.state} />
      <ApplicationCard detail={detail.data} time={{ label: '提交时间', iso: application.submittedAt }}>
        <Decision detail={detail.data} />
        {detail.data.canCancel && (
          <Flex justify="center">
            <AdvanceCancelButton
              rowId={application.rowId}
              onCancelled={() => {
                void detail.refetch();
                void queryClient.invalidateQueries({ queryKey: applicationKeys.list });
              }}
            />
          </Flex>
        )}
      </ApplicationCard>
      <Card title="审核进度" size="small">
        <ApplicationTimeline entries={detail.data.timeline} />
      </Card>
    </Flex>
  );
}

/** Without rowId: the newest application under review, or an empty state. */
function NewestAwaiting() {
  const list = useQuery(applicationListQueryOptions());
  if (list.isPending)
    return (
      <>
        <Heading state={null} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </>
    );
  if (list.isError)
    return (
      <>
        <Heading state={null} />
        <LoadError query={list} title="暂时无法获取您的申请" />
      </>
    );
  const newest = newestAwaiting(list.data.items);
  if (!newest)
    return (
      <>
        <Heading state={null} />
        <Empty description="暂无审核中的申请">
          <Link to="/application">查看我的申请</Link>
        </Empty>
      </>
    );
  return <AuditingDetail rowId={String(newest.rowId)} />;
}

/**
 * /auditing?rowId=…: an application under review. The bank's decision shows up here without a reload, and so does
 * the disbursement after signing; the heading and the tab's title follow the state.
 */
export default function AuditingPage() {
  const [searchParams] = useSearchParams();
  const rowId = searchParams.get('rowId');
  return (
    <StandaloneFrame width={760} nav>
      {rowId ? <AuditingDetail key={rowId} rowId={rowId} /> : <NewestAwaiting />}
    </StandaloneFrame>
  );
}
