import { Typography } from 'antd';
import { Link } from 'react-router';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /agreement: ticking the agreements before applying. Built by a later issue. */
export default function AgreementPage() {
  return (
    <StandaloneFrame width={720}>
      <Typography.Title level={3} className="standalone-title">
        协议确认
      </Typography.Title>
      <UnderConstruction feature="在申请贷款前，您需要在这里阅读并勾选确认融资咨询服务协议、信息咨询服务协议与授权书。">
        <Link to="/">返回首页</Link>
      </UnderConstruction>
    </StandaloneFrame>
  );
}
