import { Result } from 'antd';
import { LOAN_INFO_PATH } from '../../app/paths';
import { NavButton } from '../NavButton';

/** 申请不存在或无权查看: why, and the way back to the loan information page to choose a product again. */
export function ApplicationNotFound({ subTitle }: { subTitle: string }) {
  return (
    <Result
      status="404"
      title="申请不存在或无权查看"
      subTitle={subTitle}
      extra={<NavButton to={LOAN_INFO_PATH}>返回贷款信息</NavButton>}
    />
  );
}
