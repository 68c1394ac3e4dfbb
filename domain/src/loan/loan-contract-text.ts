import { PAID_METHOD_INFO } from '../account/receiving-account.ts';
import type { LoanContractKeyFacts } from '../api/contracts-signing.ts';
import { ratePercentText } from '../fees/service-fee-label.ts';
import { formatYuan, yuanToFen } from '../money.ts';
import { instalmentFeeSentence, interestSentence, upfrontFeeSentence } from '../money-rules/sentences.ts';
import type { Schedule } from '../schedule/types.ts';
import type { LoanContractTerms } from './loan-contract.ts';
import { SETTLEMENT_RULE_TEXT } from './settlement-rule.ts';

/** Money in the text: thousands separators, two places, 元. */
const yuan = (fen: number) => `${formatYuan(fen)} 元`;

/** A yuan decimal string of the key facts, as the text shows it. */
const factYuan = (text: string) => yuan(yuanToFen(text));

/**
 * The 罚息 clause, as the collections charge it: the overdue unpaid principal × the loan's nominal annual rate ×
 * days overdue / 360, counted from the day after the due date, rounded half-up to the fen.
 */
export function penaltyClause(annualRate: string): string {
  return (
    `借款人未按期足额偿还本金的，就逾期未还本金按本合同年利率 ${ratePercentText(annualRate)} 按日计收罚息：` +
    '罚息 = 逾期未还本金 × 年利率 × 逾期天数 ÷ 360，逾期天数自应还款日次日起算至实际还款日（含应还款日次日，' +
    '不含实际还款日），计算结果四舍五入至分；已还部分本金的，按仍未还的本金计算。'
  );
}

function scheduleLines(schedule: Schedule): string[] {
  return [
    '期数 | 应还日期 | 应还本金 | 应还利息 | 服务费 | 应还合计 | 剩余本金',
    ...schedule.instalments.map((i) =>
      [
        `第 ${i.period} 期`,
        i.dueDate,
        formatYuan(i.principalFen),
        formatYuan(i.interestFen),
        formatYuan(i.feeFen),
        formatYuan(i.paymentFen),
        formatYuan(i.closingPrincipalFen),
      ].join(' | '),
    ),
  ];
}

function feeClause(terms: LoanContractTerms, schedule: Schedule, label: string): string {
  const fee = terms.product.serviceFee;
  if (!fee) return '本笔借款不收取平台服务费。';
  if (fee.kind === 'UPFRONT') {
    return `平台服务费为借款金额的 ${label}，共 ${yuan(schedule.upfrontFeeFen)}。${upfrontFeeSentence(schedule.upfrontFeeFen)}`;
  }
  return (
    `平台服务费为每月按借款金额的 ${label} 计收，合计 ${yuan(schedule.totals.feeFen)}。` +
    instalmentFeeSentence(schedule.instalments[0]?.feeFen ?? 0, schedule.instalments.length)
  );
}

interface BodyParts {
  title: string;
  terms: LoanContractTerms;
  schedule: Schedule;
  keyFacts: LoanContractKeyFacts;
  serviceFeeLabel: string;
  penaltyText: string;
}

/** The whole text of the contract; every line is built from the terms and their schedule. */
export function loanContractBody(parts: BodyParts): string {
  const { terms, schedule, keyFacts } = parts;
  const { parties } = terms;
  const account = terms.receivingAccount
    ? `${terms.receivingAccount.bankName} ${terms.receivingAccount.accountMasked}`
    : '借款人尚未开立收款账户；放款前须在平台“收款账户”页面开立，借款发放至该账户';
  const lines = [
    parts.title,
    `合同编号：${terms.contractNo}　　合同版本：${terms.version}`,
    '',
    '一、关键信息（请先阅读）',
    `借款金额：${factYuan(keyFacts.amount)}`,
    `借款期限：${keyFacts.termMonths} 个月`,
    `还款方式：${keyFacts.methodLabel}`,
    `年化利率：${ratePercentText(keyFacts.annualisedRate)}（按本笔借款全部利息和服务费计算的年化成本）`,
    `利息总额：${factYuan(keyFacts.totalInterest)}`,
    `服务费总额：${factYuan(keyFacts.totalFees)}`,
    `应还总额（本金、利息与服务费）：${factYuan(keyFacts.totalRepay)}`,
    `首期还款：${keyFacts.firstPayment.dueDate} 应还 ${factYuan(keyFacts.firstPayment.amount)}`,
    `末期还款：${keyFacts.lastPayment.dueDate} 应还 ${factYuan(keyFacts.lastPayment.amount)}`,
    `签署期限：请于 ${terms.signDeadline}（含当日）前签署，逾期审批结果失效`,
    '',
    '二、合同各方',
    `借款人：${parties.borrowerCompany}（统一社会信用代码：${parties.uscc}）`,
    `借款人法定代表人：${parties.legalRepresentative}`,
    `贷款人：${parties.bankName}`,
    `居间服务方：${parties.platform}`,
    '',
    '三、借款金额与期限',
    `贷款人经审批同意向借款人发放借款人民币 ${yuan(terms.amountFen)}，借款期限 ${terms.termMonths} 个月，` +
      '自放款之日（起息日）起算。',
    '',
    '四、利率与还款方式',
    `借款年利率（名义利率）为 ${ratePercentText(terms.product.annualRate)}，还款方式为${keyFacts.methodLabel}，每月还款一次。` +
      interestSentence(terms.product.annualRate),
    `本笔借款的年化利率为 ${ratePercentText(keyFacts.annualisedRate)}，即按下列还款计划全部利息和服务费计算的内部收益率 × 12。`,
    '',
    '五、还款计划',
    `以下计划按起息日 ${terms.assumedStartDate} 计算；实际应还日期自实际放款日起按月对应日顺延，各期金额不变。`,
    ...scheduleLines(schedule),
    `合计：本金 ${yuan(schedule.totals.principalFen)}，利息 ${yuan(schedule.totals.interestFen)}，` +
      `服务费 ${yuan(schedule.totals.feeFen)}，应还总额 ${yuan(schedule.totals.paymentFen)}。`,
    '',
    '六、服务费',
    `服务费标准：${parts.serviceFeeLabel}。${feeClause(terms, schedule, parts.serviceFeeLabel)}`,
    '',
    '七、逾期罚息',
    parts.penaltyText,
    '',
    '八、收款账户',
    `借款发放至借款人在平台开立的收款账户：${account}。店铺回款经该账户归集；还款方式为` +
      `“${PAID_METHOD_INFO.STORE_PAYOUT.label}”的，每期到期日从回款中扣收应还款项，回款不足的部分计入逾期；` +
      `为“${PAID_METHOD_INFO.ACTIVE_REPAY.label}”的，由借款人于到期日前在平台自行还款。`,
    '',
    '九、签署期限',
    `本合同须于 ${terms.signDeadline}（含当日，北京时间）前签署；逾期未签署的，本次审批结果自动失效，借款人须重新申请。`,
    '',
    '十、提前还款与取消',
    `放款前借款人可在平台取消本次借款。放款后可申请提前结清，结清金额以平台报价为准，在平台收银台支付成功后本合同项下借款即结清。${SETTLEMENT_RULE_TEXT}提前结清所付金额不会超过按本合同还款计划按期还清剩余各期的应付金额。`,
    '',
    '十一、争议解决与其他',
    '本合同适用中华人民共和国法律。因本合同发生的争议，各方应协商解决；协商不成的，任何一方可向贷款人住所地有管辖权的人民法院起诉。',
    '本合同以电子方式签署，借款人在平台阅读本合同后确认签署，即表示已阅读并同意本合同全部条款；平台保存签署时的合同全文、' +
      '版本、内容摘要（SHA-256）、签署时间、IP 地址及设备信息作为签署凭证。',
  ];
  return lines.join('\n');
}
