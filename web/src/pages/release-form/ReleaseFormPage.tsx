import { AgreementDocument } from '../../components/agreement/AgreementDocument';

/** /releaseForm：授权书（当前版本全文，阅读倒计时后同意）. */
export default function ReleaseFormPage() {
  return <AgreementDocument kind="RELEASE" />;
}
