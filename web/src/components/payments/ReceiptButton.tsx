import { FilePdfOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { downloadReceipt } from '../../api/payments';
import { saveFile } from '../../api/trading';
import { useMessage } from '../../app/feedback';

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
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await downloadReceipt(outTradeNo));
    } catch (error) {
      if (isApiError(error) && error.kind === 'rsp') message.error(error.desc);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type={type}
      size={size}
      icon={<FilePdfOutlined />}
      loading={busy}
      onClick={() => void download()}
      aria-label={`下载电子回单 ${outTradeNo}`}
    >
      电子回单
    </Button>
  );
}
