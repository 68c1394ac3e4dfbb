import { AgreementDocument } from '../../components/agreement/AgreementDocument';

/** /infoAgreement：信息咨询服务协议（当前版本全文，阅读倒计时后同意）. */
export default function InfoAgreementPage() {
  return <AgreementDocument kind="INFO" />;
}
