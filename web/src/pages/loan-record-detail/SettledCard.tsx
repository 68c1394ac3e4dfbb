import { formatDateTime, type LoanSettlement, type LoanView } from '@loan/domain';
import { Card, Descriptions, Flex } from 'antd';
import { downloadSettlementCertificate } from '../../api/loans';
import { yuanText } from '../../components/application/ApplicationParts';
import { PdfButton } from '../../components/PdfButton';
import { ReceiptButton } from '../../components/payments/ReceiptButton';

/** A settled loan: when, and by the early settlement's payment if it was one; the 结清证明 and the receipt. */
export function SettledCard({ loan, settlement }: { loan: LoanView; settlement: LoanSettlement | null }) {
  return (
    <Card title="结清">
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'at', label: '结清时间', children: formatDateTime(loan.settledAt) },
            { key: 'how', label: '结清方式', children: settlement ? '提前结清' : '按期还清' },
            ...(settlement
              ? [
                  { key: 'total', label: '结清支付', children: yuanText(settlement.total) },
                  { key: 'order', label: '支付订单号', children: settlement.outTradeNo },
                ]
              : []),
          ]}
        />
        <Flex gap={8} wrap>
          <PdfButton type="primary" fetchPdf={() => downloadSettlementCertificate(loan.loanId)}>
            下载结清证明
          </PdfButton>
          {settlement && <ReceiptButton outTradeNo={settlement.outTradeNo} />}
        </Flex>
      </Flex>
    </Card>
  );
}
