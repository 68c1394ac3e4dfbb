import {
  APPLICATION_STATE_DISPLAY,
  type ApplicationDetail,
  type ApplicationQuery,
  type ApplicationStepView,
  type BankCode,
  type BankRoute,
  INSTITUTION_KIND_LABELS,
  PARTNER_BANKS,
  parseBankRoute,
  RSP,
  type StepStatus,
  storeApplyProblem,
} from '@loan/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Grid, Result, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { AGREEMENT_QUERY_KEYS, getAgreementStatus } from '../../api/agreements';
import { completeStep, signContract } from '../../api/applications';
import { isApiError, isRspError } from '../../api/errors';
import { AdvanceCancelButton } from '../../components/application/AdvanceCancelButton';
import {
  ApplicationStateTag,
  ApplicationTimeline,
  ProductSummary,
  yuanText,
} from '../../components/application/ApplicationParts';
import { useApplicationDetail } from '../../components/application/useApplicationDetail';
import { CertificationForm } from '../../components/certification/CertificationForm';
import { useStoreCheck } from '../../components/store/useStoreCheck';
import { useSession } from '../../session/useSession';
import { CollectionAccountStep } from './CollectionAccountStep';

const LOAN_INFO_PATH = '/apply/LoanInfo';

const STEP_STATUS: Readonly<Record<StepStatus, 'finish' | 'process' | 'wait'>> = {
  DONE: 'finish',
  CURRENT: 'process',
  TODO: 'wait',
  WAITING: 'process',
};

/** What the server is asked for: the ids of this bank's route (CRBANK: the order number). */
export function applicationQueryOf(route: BankRoute): ApplicationQuery {
  const ids = route.ids as Partial<Record<'rowId' | 'productCode' | 'productType' | 'mcOrderNo', string>>;
  if (ids.mcOrderNo !== undefined) return { mcOrderNo: ids.mcOrderNo };
  return {
    rowId: ids.rowId,
    productCode: ids.productCode,
    ...(ids.productType !== undefined ? { productType: ids.productType } : {}),
  };
}

function NotFound() {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status="404"
        title="申请不存在或无权查看"
        subTitle="请核对链接是否完整，或回到贷款信息页选择产品重新申请。"
        extra={
          <Button type="primary" onClick={() => navigate(LOAN_INFO_PATH)}>
            返回贷款信息
          </Button>
        }
      />
    </Card>
  );
}

/** The store cannot apply: why, and where the store card re-authorises. */
export function StoreProblemAlert({ reason }: { reason: string }) {
  return (
    <Alert
      className="form-alert"
      type="warning"
      showIcon
      title={reason}
      action={<Link to={LOAN_INFO_PATH}>去授权店铺</Link>}
    />
  );
}

function AgreementsPanel({ returnTo, onRefresh }: { returnTo: string; onRefresh: () => void }) {
  const status = useQuery({
    queryKey: AGREEMENT_QUERY_KEYS.status,
    queryFn: ({ signal }) => getAgreementStatus({ silent: true, signal }),
  });
  const redirect = `?redirect=${encodeURIComponent(returnTo)}`;
  if (status.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (status.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={isApiError(status.error) ? status.error.desc : '暂时无法获取协议状态'}
        action={<Button onClick={() => void status.refetch()}>重新加载</Button>}
      />
    );
  return (
    <>
      <ul className="plain-list" aria-label="需要同意的协议">
        {status.data.items.map((item) => (
          <li key={item.kind} className="plain-list-item">
            <span className="plain-list-title">{item.title}</span>
            {item.accepted ? <Tag color="success">已同意</Tag> : <Tag>未同意</Tag>}
            <Link to={`${item.route}${redirect}`}>{item.accepted ? '查看' : '阅读并同意'}</Link>
          </li>
        ))}
      </ul>
      <Space wrap style={{ marginTop: 12 }}>
        <Link to={`/agreement${redirect}`}>
          <Button type="primary">前往协议确认</Button>
        </Link>
        {status.data.allAccepted && <Button onClick={onRefresh}>已全部同意，继续</Button>}
      </Space>
    </>
  );
}

function CurrentStepPanel({
  detail,
  step,
  returnTo,
  refresh,
}: {
  detail: ApplicationDetail;
  step: ApplicationStepView;
  returnTo: string;
  refresh: () => void;
}) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { rowId } = detail.application;
  const keys = detail.steps.map((s) => s.key);

  const simulate = useMutation({
    mutationFn: () => completeStep({ rowId, step: 'FACE_VERIFY' }, { silent: true }),
    onSuccess: () => {
      message.success('已完成（沙箱模拟）');
      refresh();
    },
  });
  const sign = useMutation({
    mutationFn: () => signContract({ rowId }, { silent: true }),
    onSuccess: () => {
      message.success('借款合同已签署');
      refresh();
    },
  });
  const failure = simulate.error ?? sign.error;

  const body = (() => {
    switch (step.key) {
      case 'ACCEPT_AGREEMENTS':
        return <AgreementsPanel returnTo={returnTo} onRefresh={refresh} />;
      case 'CERTIFY_COMPANY':
      case 'CERTIFY_LEGAL_PERSON':
      case 'BIND_CARD':
      case 'UPLOAD_DOCUMENTS':
        return (
          <CertificationForm
            needBankCard={keys.includes('BIND_CARD')}
            needSalesStatement={keys.includes('UPLOAD_DOCUMENTS')}
            onSaved={refresh}
          />
        );
      case 'OPEN_COLLECTION_ACCOUNT':
        return (
          <CollectionAccountStep
            bank={detail.application.bank}
            bankName={detail.application.bankName}
            returnTo={returnTo}
            onRefresh={refresh}
          />
        );
      case 'FACE_VERIFY':
        return (
          <Space orientation="vertical">
            <Alert
              type="info"
              showIcon
              title="沙箱模拟"
              description="当前为沙箱环境，此步骤不连接合作机构的真实系统，点击按钮即模拟完成。"
            />
            <Button type="primary" loading={simulate.isPending} onClick={() => simulate.mutate()}>
              沙箱模拟：完成{step.title}
            </Button>
          </Space>
        );
      case 'SUBMIT':
        return (
          <Button type="primary" onClick={() => navigate(`/application/enter?rowId=${rowId}`)}>
            填写借款信息并提交
          </Button>
        );
      case 'BANK_REVIEW':
        return (
          <Button type="primary" onClick={() => navigate(`/auditing?rowId=${rowId}`)}>
            查看审核进度
          </Button>
        );
      case 'SIGN_CONTRACT':
        return (
          <Space orientation="vertical">
            {detail.application.approvedAmount && (
              <Typography.Text>审批金额：{yuanText(detail.application.approvedAmount)}</Typography.Text>
            )}
            <Button
              type="primary"
              disabled={!detail.canSign}
              loading={sign.isPending}
              onClick={() =>
                modal.confirm({
                  title: '确认签署借款合同？',
                  content: '签署后合同生效，合作机构将按审批结果放款。',
                  okText: '确认签署',
                  cancelText: '取消',
                  onOk: () => sign.mutate(),
                })
              }
            >
              签署借款合同
            </Button>
          </Space>
        );
      default:
        return null;
    }
  })();

  return (
    <Card title={`当前步骤：${step.title}`} size="small">
      <Typography.Paragraph type="secondary">{step.description}</Typography.Paragraph>
      {failure &&
        (isRspError(failure) && failure.code === RSP.STORE_NOT_AUTHORISED ? (
          <StoreProblemAlert reason={failure.desc} />
        ) : (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={isApiError(failure) ? failure.desc : '操作失败，请稍后重试'}
          />
        ))}
      {body}
    </Card>
  );
}

const CLOSED_STATES = ['REJECTED', 'WITHDRAWN', 'CANCELLED', 'DISBURSED'];

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
  const closed = CLOSED_STATES.includes(application.state);

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
        <Alert className="form-alert" type="info" showIcon title={display.hint} />
        {storeProblem && <StoreProblemAlert reason={storeProblem.reason} />}
        <ProductSummary product={product} />
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
      {closed ? (
        <Card>
          <Result
            status={application.state === 'DISBURSED' ? 'success' : 'info'}
            title={display.label}
            subTitle={application.decisionReason ?? display.hint}
            extra={<Link to={LOAN_INFO_PATH}>查看其他产品</Link>}
          />
        </Card>
      ) : (
        current && (
          <CurrentStepPanel detail={detail} step={current} returnTo={location.pathname} refresh={refresh} />
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
  const detail = useApplicationDetail(query);

  if (!query) return <NotFound />;
  if (detail.isPending)
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
