import {
  APPLICATION_STATE_DISPLAY,
  type ApplicationDetail,
  type ApplicationQuery,
  type BankCode,
  type BankRoute,
  INSTITUTION_KIND_LABELS,
  PARTNER_BANKS,
  parseBankRoute,
  type StepStatus,
  storeApplyProblem,
  TERMINAL_STATES,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Grid, Result, Skeleton, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loanContractQueryOptions } from '../../api/applications';
import { isRspError } from '../../api/errors';
import { LOAN_INFO_PATH } from '../../app/paths';
import { AdvanceCancelButton } from '../../components/application/AdvanceCancelButton';
import { ApplicationNotFound } from '../../components/application/ApplicationNotFound';
import {
  ApplicationStateTag,
  ApplicationTimeline,
  ProductSummary,
} from '../../components/application/ApplicationParts';
import { DisbursedResult } from '../../components/application/DisbursedResult';
import { useApplicationDetail } from '../../components/application/useApplicationDetail';
import { ApprovedLoanTerms, HAS_LOAN_TERMS, signByHint } from '../../components/contract/ApprovedLoanTerms';
import { useStoreCheck } from '../../components/store/useStoreCheck';
import { useSession } from '../../session/useSession';
import { CurrentStepPanel } from './CurrentStepPanel';
import { StoreProblemAlert } from './StoreProblemAlert';

const STEP_STATUS: Readonly<Record<StepStatus, 'finish' | 'process' | 'wait'>> = {
  DONE: 'finish',
  CURRENT: 'process',
  TODO: 'wait',
  WAITING: 'process',
};

/** What the server is asked for: the ids of this bank's route (CRBANK: the order number). */
function applicationQueryOf(route: BankRoute): ApplicationQuery {
  const ids = route.ids as Partial<Record<'rowId' | 'productCode' | 'productType' | 'mcOrderNo', string>>;
  if (ids.mcOrderNo !== undefined) return { mcOrderNo: ids.mcOrderNo };
  return {
    rowId: ids.rowId,
    productCode: ids.productCode,
    ...(ids.productType !== undefined ? { productType: ids.productType } : {}),
  };
}

function NotFound() {
  return (
    <Card variant="borderless">
      <ApplicationNotFound subTitle="请核对链接是否完整，或回到贷款信息页选择产品重新申请。" />
    </Card>
  );
}

function BankApplication({ detail, refresh }: { detail: ApplicationDetail; refresh: () => void }) {
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const session = useSession();
  const { application, product, steps } = detail;
  const display = APPLICATION_STATE_DISPLAY[application.state];
  // while the bank reviews, no step is the borrower's: the waiting step is the one to show
  const current =
    steps.find((s) => s.status === 'CURRENT') ?? steps.find((s) => s.status === 'WAITING') ?? null;
  // the store check's fresh answer; the session's copy while it is not there
  const storeCheck = useStoreCheck();
  const shopAuth =
    storeCheck.data?.shopAuth ?? (storeCheck.isPending ? undefined : session.storeInfo?.storeCreditStatus);
  const storeProblem =
    application.state === 'DRAFT' && shopAuth !== undefined ? storeApplyProblem(shopAuth) : null;
  const closed = TERMINAL_STATES.includes(application.state);

  return (
    <Flex vertical gap={16}>
      <Card
        title={`${application.bankName} · ${product.name}`}
        extra={<ApplicationStateTag state={application.state} />}
      >
        <Typography.Paragraph type="secondary">
          {INSTITUTION_KIND_LABELS[PARTNER_BANKS[application.bank].kind]} · 申请编号 {application.rowId}
          {application.mcOrderNo ? ` · 订单号 ${application.mcOrderNo}` : ''}
        </Typography.Paragraph>
        <Alert className="form-alert" type="info" showIcon title={signByHint(application) ?? display.hint} />
        {storeProblem && <StoreProblemAlert reason={storeProblem.reason} />}
        {HAS_LOAN_TERMS.includes(application.state) ? (
          <ApprovedLoanTerms application={application} />
        ) : (
          <ProductSummary product={product} />
        )}
      </Card>
      <Card title="申请步骤">
        <Steps
          orientation={screens.lg ? 'horizontal' : 'vertical'}
          size="small"
          items={steps.map((step) => ({
            key: step.key,
            title: step.title,
            status: STEP_STATUS[step.status],
            subTitle: step.status === 'WAITING' ? '等待机构' : step.simulated ? '沙箱模拟' : undefined,
          }))}
        />
      </Card>
      {application.state === 'DISBURSED' ? (
        <Card>
          <DisbursedResult application={application} />
        </Card>
      ) : closed ? (
        <Card>
          <Result
            status="info"
            title={display.label}
            subTitle={application.decisionReason ?? display.hint}
            extra={<Link to={LOAN_INFO_PATH}>查看其他产品</Link>}
          />
        </Card>
      ) : current ? (
        <CurrentStepPanel detail={detail} step={current} returnTo={location.pathname} refresh={refresh} />
      ) : (
        application.state === 'SIGNED' && (
          <Card>
            <Result
              icon={<Spin size="large" />}
              title={display.label}
              subTitle={`${display.hint}。放款结果会自动显示在本页，无需刷新。`}
            />
          </Card>
        )
      )}
      {detail.canCancel && (
        <Flex justify="flex-end">
          <AdvanceCancelButton rowId={application.rowId} onCancelled={refresh} />
        </Flex>
      )}
      <Card title="申请进度" size="small">
        <ApplicationTimeline entries={detail.timeline} />
      </Card>
    </Flex>
  );
}

/**
 * /apply/LoanInfo_{bank}/…: one page for the five partner banks. What differs between them (route parameters,
 * institution, the steps of an application) is data: the route's ids select the application, its detail
 * carries the steps, and the current step decides the panel.
 */
export function BankApplicationPage({ bank }: { bank: BankCode }) {
  const location = useLocation();
  const route = parseBankRoute(location.pathname);
  const query = route && route.bank === bank ? applicationQueryOf(route) : null;
  // asked again while the bank has the next move (its decision, the disbursement after signing)
  const detail = useApplicationDetail(query, { poll: true });
  // an approved loan's terms come from its contract: the page is first drawn with them, so that nothing below them
  // moves when they arrive (a borrower's tap on the step's button would land on the terms instead)
  const application = detail.data?.application;
  const withTerms = application !== undefined && HAS_LOAN_TERMS.includes(application.state);
  const contract = useQuery({ ...loanContractQueryOptions(application?.rowId ?? 0), enabled: withTerms });
  const queryKey = JSON.stringify(query);
  const [drawn, setDrawn] = useState<string | null>(null);
  if (drawn !== queryKey && detail.data !== undefined && !(withTerms && contract.isPending))
    setDrawn(queryKey);

  if (!query) return <NotFound />;
  if (detail.isPending || (detail.isSuccess && drawn !== queryKey))
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (detail.isError) {
    if (isRspError(detail.error)) return <NotFound />;
    return (
      <Card>
        <Result
          status="warning"
          title="暂时无法加载申请"
          extra={<Button onClick={() => void detail.refetch()}>重新加载</Button>}
        />
      </Card>
    );
  }
  if (detail.data.application.bank !== bank) return <NotFound />;
  return <BankApplication detail={detail.data} refresh={() => void detail.refetch()} />;
}
