import { formatDate, type LoanContractView, upfrontFeeSentence, yuanToFen } from '@loan/domain';
import { Flex, Tag, Typography } from 'antd';
import { AgreementBody } from '../agreement/agreement-parts';
import { rateText } from '../application/ApplicationParts';
import { FactGrid } from '../FactList';
import { ContractKeyFacts } from './ContractKeyFacts';
import { ContractSchedule } from './ContractSchedule';
import { DESCRIPTION_STYLES } from './contract-format';
import './contract.css';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}

/** 借款人, 贷款人 and the portal, as the contract names them. */
function Parties({ parties }: { parties: LoanContractView['parties'] }) {
  return (
    <FactGrid
      bordered
      styles={DESCRIPTION_STYLES}
      items={[
        { key: 'company', label: '借款人', children: parties.borrowerCompany },
        { key: 'uscc', label: '统一社会信用代码', children: parties.uscc },
        { key: 'legal', label: '法定代表人', children: parties.legalRepresentative },
        { key: 'bank', label: '贷款人', children: parties.bankName },
        { key: 'platform', label: '居间服务方', children: parties.platform },
      ]}
    />
  );
}

/**
 * The terms beside the schedule: rates, fees, until when it may be signed, where the money goes and the penalty
 * (the last two on rows of their own).
 */
function Terms({ contract }: { contract: LoanContractView }) {
  const account = contract.receivingAccount;
  return (
    <FactGrid
      bordered
      styles={DESCRIPTION_STYLES}
      items={[
        { key: 'nominal', label: '名义年利率', children: rateText(contract.keyFacts.annualRate) },
        {
          key: 'annualised',
          label: '年化利率',
          children: rateText(contract.keyFacts.annualisedRate),
        },
        { key: 'method', label: '还款方式', children: contract.keyFacts.methodLabel },
        { key: 'start', label: '预计起息日', children: contract.assumedStartDate },
        {
          key: 'fee',
          label: '服务费',
          children:
            yuanToFen(contract.upfrontFee) > 0
              ? `${contract.serviceFeeLabel}。${upfrontFeeSentence(yuanToFen(contract.upfrontFee))}`
              : contract.serviceFeeLabel,
        },
        {
          key: 'deadline',
          label: '签署截止日期',
          children: <span data-testid="sign-deadline">{formatDate(contract.signDeadline)}</span>,
        },
        {
          key: 'account',
          label: '收款账户',
          span: 'filled',
          children: account ? `${account.bankName} ${account.accountMasked}` : '尚未开立收款账户',
        },
        { key: 'penalty', label: '罚息', span: 'filled', children: contract.penaltyText },
      ]}
    />
  );
}

/**
 * 借款合同 as the server rendered it from the approved terms: the key facts first, the parties, the whole
 * schedule, the other terms, then the full text in a scrollable box (the text whose hash is signed).
 */
export function ContractDocument({ contract }: { contract: LoanContractView }) {
  return (
    <Flex vertical gap={20}>
      <Flex wrap gap={8} align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {contract.title}
        </Typography.Title>
        <Tag data-testid="contract-no">合同编号 {contract.contractNo}</Tag>
        <Tag color="blue">版本 {contract.version}</Tag>
      </Flex>
      <Section title="关键信息">
        <ContractKeyFacts facts={contract.keyFacts} />
      </Section>
      <Section title="合同各方">
        <Parties parties={contract.parties} />
      </Section>
      <Section title={`还款计划（共 ${contract.schedule.length} 期）`}>
        <Typography.Paragraph type="secondary">
          按预计起息日 {contract.assumedStartDate} 计算；实际应还日期以放款日为准。
        </Typography.Paragraph>
        <ContractSchedule schedule={contract.schedule} />
      </Section>
      <Section title="其他条款">
        <Terms contract={contract} />
      </Section>
      <Section title="合同全文">
        <AgreementBody body={contract.body} label={`${contract.title}全文`} />
      </Section>
    </Flex>
  );
}
