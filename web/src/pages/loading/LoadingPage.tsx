import type { ApplicationDetail, ApplicationQuery } from '@loan/domain';
import { Button, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isRspError } from '../../api/errors';
import { AUDITING_PATH, LOAN_RECORDS_PATH, loginPathBack, pathWithQuery, ROOT_PATH } from '../../app/paths';
import { ApplicationNotFound } from '../../components/application/ApplicationNotFound';
import { useApplicationDetail } from '../../components/application/useApplicationDetail';
import { NavButton } from '../../components/NavButton';
import { StandaloneFrame, StandaloneWaiting } from '../../components/StandaloneFrame';
import { safeRedirect } from '../../session/sign-in';
import { useSession } from '../../session/useSession';

/** Where an application in this state is looked after. */
function screenOf(detail: ApplicationDetail): string {
  const { application } = detail;
  switch (application.state) {
    case 'DRAFT':
      return application.bankPath;
    case 'DISBURSED':
      return LOAN_RECORDS_PATH;
    default:
      return pathWithQuery(AUDITING_PATH, { rowId: application.rowId });
  }
}

const Waiting = () => <StandaloneWaiting text="正在跳转…" />;

const NotFound = () => (
  <ApplicationNotFound subTitle="没有找到与该链接对应的申请，请回到贷款信息页查看或重新申请。" />
);

/** Resolves the application a bank's page returns with and moves on to its screen. */
function ResolveApplication({ query, bank }: { query: ApplicationQuery; bank: string | null }) {
  const navigate = useNavigate();
  const detail = useApplicationDetail(query);
  const found = detail.data && (!bank || detail.data.application.bank === bank) ? detail.data : null;
  const target = found ? screenOf(found) : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [navigate, target]);

  if (detail.isError && isRspError(detail.error)) return <NotFound />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title="暂时无法获取申请"
        extra={<Button onClick={() => void detail.refetch()}>重试</Button>}
      />
    );
  if (detail.data && !found) return <NotFound />;
  return <Waiting />;
}

/** /loading?redirect=/path: a waypoint to a page of this site. */
function RedirectOnly({ redirect }: { redirect: string | null }) {
  const navigate = useNavigate();
  const target = safeRedirect(redirect);
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [navigate, target]);
  if (target) return <Waiting />;
  return (
    <Result
      status="info"
      title="正在跳转"
      subTitle="没有需要跳转的页面，请返回首页继续操作。"
      extra={<NavButton to={ROOT_PATH}>返回首页</NavButton>}
    />
  );
}

function SignInFirst() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  useEffect(() => {
    navigate(loginPathBack(back), { replace: true });
  }, [navigate, back]);
  return <Waiting />;
}

/**
 * /loading: where a bank's page returns the borrower (`rowId` or `mcOrderNo`, optionally `bank` and
 * `productCode`): the application is resolved and the borrower moved on to its screen. Without a session the
 * sign-in comes first and returns here. `?redirect=/path` alone still just moves on.
 */
export default function LoadingPage() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const rowId = searchParams.get('rowId');
  const mcOrderNo = searchParams.get('mcOrderNo');
  const productCode = searchParams.get('productCode');
  const bank = searchParams.get('bank');

  let body: ReactNode;
  if (!rowId && !mcOrderNo) body = <RedirectOnly redirect={searchParams.get('redirect')} />;
  else if (!session.accessToken) body = <SignInFirst />;
  else {
    const query: ApplicationQuery = {
      ...(rowId ? { rowId } : { mcOrderNo: mcOrderNo ?? '' }),
      ...(productCode ? { productCode } : {}),
    };
    body = <ResolveApplication query={query} bank={bank} />;
  }
  return <StandaloneFrame>{body}</StandaloneFrame>;
}
