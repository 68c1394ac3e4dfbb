import { UnderConstruction } from '../../components/UnderConstruction';

/** /apply/loanDetail: the loan calculator. Built by a later issue. */
export default function LoanCalculatorPage() {
  return (
    <UnderConstruction feature="贷款计算器将根据贷款金额、期限、年化利率和还款方式（等额本息、等额本金、先息后本）计算每期应还金额与还款计划。"></UnderConstruction>
  );
}
