import { Link } from 'react-router';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /record/loanRecordDetail: one loan in detail. Built by a later issue. */
export default function LoanRecordDetailPage() {
  return (
    <UnderConstruction feature="贷款记录详情将展示一笔贷款的还款计划、已还与待还金额以及状态变更记录。">
      <Link to="/record/loanRecord">返回贷款记录</Link>
    </UnderConstruction>
  );
}
