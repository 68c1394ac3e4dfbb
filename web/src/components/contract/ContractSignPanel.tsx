import { CheckCircleFilled } from '@ant-design/icons';
import type { LoanContractView } from '@loan/domain';
import { formatDate, formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Flex, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { loanContractQueryOptions } from '../../api/applications';
import { rateText, yuanText } from '../application/ApplicationParts';
import { LoadError } from '../LoadError';
import { ContractDocument } from './ContractDocument';
import { useReadingLeft } from './useReadingLeft';
import { useSignContract } from './useSignContract';

/** "请阅读合同（8 秒）" while the reading time runs. */
const contractReadingLabel = (left: number) => `请阅读合同（${left} 秒）`;

/** The final question: the amount, the total and the 年化利率 once more. */
function ConfirmFacts({ contract }: { contract: LoanContractView }) {
  const facts = contract.keyFacts;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'amount', label: '借款金额', children: yuanText(facts.amount) },
        { key: 'total', label: '还款总额', children: yuanText(facts.totalRepay) },
        { key: 'rate', label: '年化利率', children: rateText(facts.annualisedRate) },
        { key: 'term', label: '借款期限', children: `${facts.termMonths} 个月` },
      ]}
    />
  );
}

/** Read time, the tick box and 签署 with its confirmation; one per text served (its key is the read token). */
function SignArea({
  contract,
  servedAt,
  canSign,
  sign,
}: {
  contract: LoanContractView;
  servedAt: number;
  canSign: boolean;
  sign: ReturnType<typeof useSignContract>;
}) {
  const [modal, modalHolder] = Modal.useModal();
  const [agreed, setAgreed] = useState(false);
  const left = useReadingLeft(contract.minReadSeconds, servedAt);
  return (
    <Flex vertical gap={12} className="contract-sign">
      {modalHolder}
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
        我已阅读并同意《借款合同》
      </Checkbox>
      {sign.error && <Alert type="error" showIcon title={sign.error} data-testid="sign-error" />}
      <Button
        type="primary"
        size="large"
        disabled={!canSign || left > 0 || !agreed}
        loading={sign.isPending}
        onClick={() =>
          modal.confirm({
            title: '确认签署借款合同？',
            content: (
              <>
                <ConfirmFacts contract={contract} />
                签署后合同生效，{contract.parties.bankName}将按合同放款。
              </>
            ),
            okText: '确认签署',
            cancelText: '再看看',
            onOk: () => sign.mutate(),
          })
        }
      >
        {left > 0 ? contractReadingLabel(left) : '签署借款合同'}
      </Button>
    </Flex>
  );
}

/**
 * 签署借款合同: the contract rendered from the approved terms, read for its reading time, accepted with the tick
 * box and signed after a last confirmation. An expired approval shows that it can no longer be signed; a signed
 * one shows when, with the PDF.
 */
export function ContractSignPanel({
  rowId,
  canSign,
  onChanged,
}: {
  rowId: number;
  canSign: boolean;
  onChanged: () => void;
}) {
  const contract = useQuery(loanContractQueryOptions(rowId));
  if (contract.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (contract.isError) return <LoadError query={contract} failed={'借款合同加载失败'} />;
  return (
    <Signing
      contract={contract.data}
      servedAt={contract.dataUpdatedAt}
      canSign={canSign}
      onChanged={onChanged}
    />
  );
}

function Signing({
  contract,
  servedAt,
  canSign,
  onChanged,
}: {
  contract: LoanContractView;
  servedAt: number;
  canSign: boolean;
  onChanged: () => void;
}) {
  const sign = useSignContract(contract, onChanged);
  let action: React.ReactNode;
  if (contract.signed) {
    // the page's terms block offers the signed contract to read again and download
    action = (
      <Alert
        className="contract-sign"
        type="success"
        showIcon
        icon={<CheckCircleFilled />}
        data-testid="contract-signed"
        title={`借款合同已于 ${formatDateTime(contract.signed.signedAt)} 签署`}
      />
    );
  } else if (contract.expired) {
    action = (
      <Alert
        className="contract-sign"
        type="error"
        showIcon
        data-testid="contract-expired"
        title="审批已过签署截止日期，借款合同不能再签署"
        description={`签署截止日期为 ${formatDate(contract.signDeadline)}，审批结果已失效。如仍需借款，请重新申请。`}
      />
    );
  } else {
    action = (
      <SignArea
        key={contract.readToken}
        contract={contract}
        servedAt={servedAt}
        canSign={canSign}
        sign={sign}
      />
    );
  }
  return (
    <Flex vertical gap={16}>
      <ContractDocument contract={contract} />
      {action}
    </Flex>
  );
}
