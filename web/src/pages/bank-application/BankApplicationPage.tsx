import {
  type BankCode,
  INSTITUTION_KIND_LABELS,
  PARTNER_BANKS,
  type RouteParam,
  STEP_INFO,
} from '@loan/domain';
import { Descriptions, Steps } from 'antd';
import { Link, useParams } from 'react-router';
import { UnderConstruction } from '../../components/UnderConstruction';

const PARAM_LABELS: Readonly<Record<RouteParam, string>> = {
  rowId: '申请编号',
  productCode: '产品编号',
  productType: '产品类型',
  mcOrderNo: '订单号',
};

/**
 * /apply/LoanInfo_{bank}/…: one page for the five partner banks. What differs between them (route
 * parameters, institution, the steps of an application) is data in the domain, not code here.
 * Applying online is built by the application issue; until then the page says so.
 */
export function BankApplicationPage({ bank }: { bank: BankCode }) {
  const params = useParams();
  const info = PARTNER_BANKS[bank];
  return (
    <UnderConstruction
      feature={`${info.name}（${INSTITUTION_KIND_LABELS[info.kind]}）的贷款申请将在这里办理，流程如下。`}
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ maxWidth: 360, margin: '0 auto 16px', textAlign: 'left' }}
        items={info.routeParams.map((param) => ({
          key: param,
          label: PARAM_LABELS[param],
          children: params[param],
        }))}
      />
      <Steps
        direction="vertical"
        size="small"
        current={-1}
        style={{ maxWidth: 360, margin: '0 auto 16px', textAlign: 'left' }}
        items={info.flow.map((step) => ({ title: STEP_INFO[step].title }))}
      />
      <Link to="/apply/LoanInfo">返回贷款信息</Link>
    </UnderConstruction>
  );
}
