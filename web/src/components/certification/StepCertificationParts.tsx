import type { LoanCertificationView } from '@loan/domain';
import { Collapse, Typography } from 'antd';
import { CertificationForm } from './CertificationForm';

/** Above a step's own form: whose certification this is, so nothing is retyped. */
export function CertifiedIntro({ view }: { view: LoanCertificationView }) {
  return (
    <Typography.Text type="secondary">
      企业和法定代表人信息已填写（{view.companyName}，法定代表人 {view.legalNameMasked}），无需重新输入。
    </Typography.Text>
  );
}

/** Under a step's own form: the whole certification one click away, for changes. */
export function WholeCertification({
  needBankCard,
  needSalesStatement,
}: {
  needBankCard: boolean;
  needSalesStatement: boolean;
}) {
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'all',
          label: '查看或修改全部认证信息',
          children: <CertificationForm needBankCard={needBankCard} needSalesStatement={needSalesStatement} />,
        },
      ]}
    />
  );
}
