import { Descriptions } from 'antd';
import { Link, useParams } from 'react-router';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /apply/LoanInfo_CGB/:rowId/:productCode: the CGB application flow. Built by a later issue. */
export default function LoanCgbPage() {
  const params = useParams();
  return (
    <UnderConstruction feature="CGB 合作银行的贷款申请将在这里办理：填写申请资料、确认协议并提交审核。">
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ maxWidth: 360, margin: '0 auto 16px', textAlign: 'left' }}
        items={[
          { key: 'rowId', label: '申请编号', children: params.rowId },
          { key: 'productCode', label: '产品编号', children: params.productCode },
        ]}
      />
      <Link to="/apply/LoanInfo">返回贷款信息</Link>
    </UnderConstruction>
  );
}
