import { Typography } from 'antd';
import { Link } from 'react-router';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /releaseForm: the authorisation agreement. Built by a later issue. */
export default function ReleaseFormPage() {
  return (
    <StandaloneFrame width={720}>
      <Typography.Title level={3} className="standalone-title">
        授权书
      </Typography.Title>
      <UnderConstruction feature="这里将展示授权合作银行查询店铺销售与征信信息的授权书全文及您的确认记录。">
        <Link to="/">返回首页</Link>
      </UnderConstruction>
    </StandaloneFrame>
  );
}
