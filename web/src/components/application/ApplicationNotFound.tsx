import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { LOAN_INFO_PATH } from '../../app/paths';

/** 申请不存在或无权查看: why, and the way back to the loan information page to choose a product again. */
export function ApplicationNotFound({ subTitle }: { subTitle: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="申请不存在或无权查看"
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate(LOAN_INFO_PATH)}>
          返回贷款信息
        </Button>
      }
    />
  );
}
