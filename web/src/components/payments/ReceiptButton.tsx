import { downloadReceipt } from '../../api/payments';
import { PdfButton } from '../PdfButton';

/** 电子回单: downloads the paid order's PDF receipt. */
export function ReceiptButton({
  outTradeNo,
  type = 'default',
  size,
}: {
  outTradeNo: string;
  type?: 'default' | 'link';
  size?: 'small' | 'middle';
}) {
  return (
    <PdfButton
      fetchPdf={() => downloadReceipt(outTradeNo)}
      type={type}
      size={size}
      ariaLabel={`下载电子回单 ${outTradeNo}`}
    >
      电子回单
    </PdfButton>
  );
}
