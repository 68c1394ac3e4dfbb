import { FilePdfOutlined } from '@ant-design/icons';
import { formatDateTime, type LoanSettlement, type LoanView } from '@loan/domain';
import { Button, Card, Descriptions, Flex } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { downloadSettlementCertificate } from '../../api/loans';
import { saveFile } from '../../api/trading';
import { useMessage } from '../../app/feedback';
import { yuanText } from '../../components/application/ApplicationParts';
import { ReceiptButton } from '../../components/payments/ReceiptButton';

/** 结清证明: downloads the settled loan's certificate. */
function CertificateButton({ loanId }: { loanId: number }) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await downloadSettlementCertificate(loanId));
    } catch (error) {
      if (isApiError(error) && error.kind === 'rsp') message.error(error.desc);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()}>
      下载结清证明
    </Button>
  );
}

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
          <CertificateButton loanId={loan.loanId} />
          {settlement && <ReceiptButton outTradeNo={settlement.outTradeNo} />}
        </Flex>
      </Flex>
    </Card>
  );
}
