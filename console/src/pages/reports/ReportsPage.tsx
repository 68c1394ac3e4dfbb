import { REPORT_NAMES } from '@loan/domain';
import { Space, Tabs, Typography } from 'antd';
import FeeIncomeTab from './FeeIncomeTab';
import PrincipalTab from './PrincipalTab';
import ReconciliationTab from './ReconciliationTab';

/** 报表: the day's reconciliation, fee income by day or month, principal by bank and product; each exports to Excel. */
export default function ReportsPage() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        报表
      </Typography.Title>
      <Tabs
        items={[
          { key: 'reconciliation', label: REPORT_NAMES.reconciliation, children: <ReconciliationTab /> },
          { key: 'fee-income', label: REPORT_NAMES['fee-income'], children: <FeeIncomeTab /> },
          { key: 'principal', label: REPORT_NAMES.principal, children: <PrincipalTab /> },
        ]}
      />
    </Space>
  );
}
