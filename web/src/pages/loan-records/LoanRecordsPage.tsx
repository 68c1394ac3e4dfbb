import { UnderConstruction } from '../../components/UnderConstruction';

/** /record/loanRecord: the loan records. Built by a later issue. */
export default function LoanRecordsPage() {
  return (
    <UnderConstruction feature="贷款记录将在这里列出您的每一笔贷款申请与贷款，包括金额、期限、合作银行和当前状态。"></UnderConstruction>
  );
}
