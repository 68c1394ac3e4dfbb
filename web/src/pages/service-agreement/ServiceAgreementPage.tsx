import { AgreementDocument } from '../../components/agreement/AgreementDocument';

/** /serviceAgreement：融资咨询服务协议（当前版本全文，阅读倒计时后同意）. */
export default function ServiceAgreementPage() {
  return <AgreementDocument kind="SERVICE" />;
}
