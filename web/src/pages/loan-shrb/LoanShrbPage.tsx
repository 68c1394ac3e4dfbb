import { Descriptions } from 'antd';
import { Link, useParams } from 'react-router';
import { UnderConstruction } from '../../components/UnderConstruction';

/** /apply/LoanInfo_SHRB/:rowId/:productCode/:productType: the SHRB application flow. Built by a later issue. */
export default function LoanShrbPage() {
  const params = useParams();
  return (
    <UnderConstruction feature="SHRB 合作银行的贷款申请将在这里办理：填写申请资料、确认协议并提交审核。">
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ maxWidth: 360, margin: '0 auto 16px', textAlign: 'left' }}
        items={[
          { key: 'rowId', label: '申请编号', children: params.rowId },
          { key: 'productCode', label: '产品编号', children: params.productCode },
          { key: 'productType', label: '产品类型', children: params.productType },
        ]}
      />
      <Link to="/apply/LoanInfo">返回贷款信息</Link>
    </UnderConstruction>
  );
}
