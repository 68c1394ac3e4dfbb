import { Typography } from 'antd';
import { Link } from 'react-router';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /auditing: an application under review. Built by a later issue. */
export default function AuditingPage() {
  return (
    <StandaloneFrame width={720}>
      <Typography.Title level={3} className="standalone-title">
        审核中
      </Typography.Title>
      <UnderConstruction feature="提交申请后，这里将显示申请的审核进度与合作银行的审核结果。">
        <Link to="/">返回首页</Link>
      </UnderConstruction>
    </StandaloneFrame>
  );
}
