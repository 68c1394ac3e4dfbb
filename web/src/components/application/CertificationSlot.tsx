import type { LoanCertificationView } from '@loan/domain';
import { Alert } from 'antd';
import type { ComponentType } from 'react';

export interface CertificationFormProps {
  needBankCard: boolean;
  needSalesStatement: boolean;
  onSaved?: (view: LoanCertificationView) => void;
}

/**
 * The certification form of the certification area (components/certification/CertificationForm.tsx), found at
 * build time. It is written alongside this journey; until it is there, an honest note stands in its place.
 */
const modules = import.meta.glob<{ CertificationForm: ComponentType<CertificationFormProps> }>(
  '../certification/CertificationForm.tsx',
  { eager: true },
);
const Form = Object.values(modules)[0]?.CertificationForm;

export function CertificationSlot(props: CertificationFormProps) {
  if (Form) return <Form {...props} />;
  return (
    <Alert
      type="warning"
      showIcon
      title="贷款认证表单暂不可用"
      description="请稍后刷新页面再试，或联系客服协助完成认证。"
    />
  );
}
