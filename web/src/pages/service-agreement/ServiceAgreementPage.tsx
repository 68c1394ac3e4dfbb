import { Typography } from 'antd';
import { Link } from 'react-router';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /serviceAgreement: the financing consultation service agreement. Built by a later issue. */
export default function ServiceAgreementPage() {
  return (
    <StandaloneFrame width={720}>
      <Typography.Title level={3} className="standalone-title">
        融资咨询服务协议
      </Typography.Title>
      <UnderConstruction feature="这里将展示当前版本的融资咨询服务协议全文及您的确认记录。">
        <Link to="/">返回首页</Link>
      </UnderConstruction>
    </StandaloneFrame>
  );
}
