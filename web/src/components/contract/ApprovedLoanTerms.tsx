import type { ApplicationView, LoanContractView } from '@loan/domain';
import { formatDate } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { loanContractQueryOptions } from '../../api/applications';
import { rateText, yuanText } from '../application/ApplicationParts';
import { FactGrid } from '../FactList';
import { ContractDocument } from './ContractDocument';
import { ContractPdfButton } from './ContractPdfButton';
import { DESCRIPTION_STYLES } from './contract-format';

/** States in which the application has its own terms (the bank's approval), shown instead of the product's. */
export const HAS_LOAN_TERMS: readonly ApplicationView['state'][] = ['APPROVED', 'SIGNED', 'DISBURSED'];

/** The approval's hint with the day it must be signed by; null when there is no deadline to give. */
export function signByHint(application: ApplicationView): string | null {
  if (application.state !== 'APPROVED' || !application.signDeadline) return null;
  return `审批已通过，请于 ${formatDate(application.signDeadline)}（含当日）前签署借款合同，逾期审批结果失效`;
}

/** 查看借款合同: the contract as signed, in a dialog. */
function ViewContractButton({ contract }: { contract: LoanContractView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>查看借款合同</Button>
      <Modal
        open={open}
        title="借款合同"
        width={960}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <ContractDocument contract={contract} />
      </Modal>
    </>
  );
}

/**
 * This loan's terms once the bank has approved it: the approved amount, term, this loan's 年化利率 and the day by
 * which it must be signed (from the contract the server renders) with its preview PDF; after signing, the
 * contract to read again and download.
 */
export function ApprovedLoanTerms({ application }: { application: ApplicationView }) {
  const contract = useQuery(loanContractQueryOptions(application.rowId));
  const facts = contract.data?.keyFacts;
  const signed = application.state === 'SIGNED' || application.state === 'DISBURSED';
  if (contract.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Flex vertical gap={12}>
      <FactGrid
        bordered
        styles={DESCRIPTION_STYLES}
        aria-label="本笔借款"
        items={[
          {
            key: 'amount',
            label: '审批金额',
            children: (
              <span data-testid="approved-amount">
                {yuanText(facts?.amount ?? application.approvedAmount)}
              </span>
            ),
          },
          {
            key: 'term',
            label: '借款期限',
            children: `${facts?.termMonths ?? application.termMonths ?? '—'} 个月`,
          },
          {
            key: 'rate',
            label: '年化利率',
            children: facts ? rateText(facts.annualisedRate) : '—',
          },
          { key: 'method', label: '还款方式', children: facts?.methodLabel ?? '—' },
          ...(facts
            ? [
                { key: 'total', label: '还款总额', children: yuanText(facts.totalRepay) },
                {
                  key: 'first',
                  label: '首期还款',
                  children: `${facts.firstPayment.dueDate} 应还 ${yuanText(facts.firstPayment.amount)}`,
                },
              ]
            : []),
          ...(contract.data && !signed
            ? [
                {
                  key: 'deadline',
                  label: '签署截止日期',
                  children: `${formatDate(contract.data.signDeadline)}${contract.data.expired ? '（已过期）' : ''}`,
                },
              ]
            : []),
        ]}
      />
      {!signed && contract.data && !contract.data.signed && !contract.data.expired && (
        <Flex wrap gap={8}>
          <ContractPdfButton rowId={application.rowId} contractNo={contract.data.contractNo} preview />
        </Flex>
      )}
      {signed && contract.data?.signed && (
        <Flex wrap gap={8}>
          <ViewContractButton contract={contract.data} />
          <ContractPdfButton rowId={application.rowId} contractNo={contract.data.contractNo} />
        </Flex>
      )}
    </Flex>
  );
}
