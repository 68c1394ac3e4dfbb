import { type ApplicationDetail, type ApplicationStepView, RSP } from '@loan/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { agreementStatusQueryOptions } from '../../api/agreements';
import { completeStep } from '../../api/applications';
import { isApiError, isRspError } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { AGREEMENT_PATH, applicationEnterPath, auditingPath } from '../../app/paths';
import { BankCardForm } from '../../components/certification/BankCardForm';
import { CertificationForm } from '../../components/certification/CertificationForm';
import { SalesStatementForm } from '../../components/certification/SalesStatementForm';
import { ContractSignPanel } from '../../components/contract/ContractSignPanel';
import { LoadError } from '../../components/LoadError';
import { CollectionAccountStep } from './CollectionAccountStep';
import { StoreProblemAlert } from './StoreProblemAlert';

/**
 * The step the borrower is on in a bank's flow, and what they do there: the agreements, the certification, the
 * bank's own steps (face check, the collection account), the signing.
 */
function AgreementsPanel({ returnTo, onRefresh }: { returnTo: string; onRefresh: () => void }) {
  const status = useQuery(agreementStatusQueryOptions());
  const redirect = `?redirect=${encodeURIComponent(returnTo)}`;
  if (status.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (status.isError) return <LoadError query={status} failed={'暂时无法获取协议状态'} />;
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
        <Link to={`${AGREEMENT_PATH}${redirect}`}>
          <Button type="primary">前往协议确认</Button>
        </Link>
        {status.data.allAccepted && <Button onClick={onRefresh}>已全部同意，继续</Button>}
      </Space>
    </>
  );
}

export function CurrentStepPanel({
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
  const message = useMessage();
  const { rowId } = detail.application;
  const keys = detail.steps.map((s) => s.key);

  const simulate = useMutation({
    mutationFn: () => completeStep({ rowId, step: 'FACE_VERIFY' }, { silent: true }),
    onSuccess: () => {
      message.success('已完成（沙箱模拟）');
      refresh();
    },
  });
  const failure = simulate.error;

  const body = (() => {
    switch (step.key) {
      case 'ACCEPT_AGREEMENTS':
        return <AgreementsPanel returnTo={returnTo} onRefresh={refresh} />;
      case 'CERTIFY_COMPANY':
      case 'CERTIFY_LEGAL_PERSON':
        return (
          <CertificationForm
            needBankCard={keys.includes('BIND_CARD')}
            needSalesStatement={keys.includes('UPLOAD_DOCUMENTS')}
            onSaved={refresh}
          />
        );
      case 'BIND_CARD':
        return <BankCardForm needSalesStatement={keys.includes('UPLOAD_DOCUMENTS')} onSaved={refresh} />;
      case 'UPLOAD_DOCUMENTS':
        return <SalesStatementForm needBankCard={keys.includes('BIND_CARD')} onSaved={refresh} />;
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
          <Button type="primary" onClick={() => navigate(applicationEnterPath(rowId))}>
            填写借款信息并提交
          </Button>
        );
      case 'BANK_REVIEW':
        return (
          <Button type="primary" onClick={() => navigate(auditingPath(rowId))}>
            查看审核进度
          </Button>
        );
      case 'SIGN_CONTRACT':
        return <ContractSignPanel rowId={rowId} canSign={detail.canSign} onChanged={refresh} />;
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
