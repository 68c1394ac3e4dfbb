import { FilePdfOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { downloadLoanContractPdf, downloadLoanContractPreviewPdf } from '../../api/applications';
import { isApiError } from '../../api/errors';
import { saveFile } from '../../api/trading';
import { useMessage } from '../../app/feedback';

/** 下载借款合同: the signed contract as kept, a PDF; with `preview`, 下载合同预览: the unsigned one, watermarked. */
export function ContractPdfButton({
  rowId,
  contractNo,
  type = 'default',
  preview = false,
}: {
  rowId: number;
  contractNo?: string;
  type?: 'default' | 'primary' | 'link';
  preview?: boolean;
}) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const fetchPdf = preview ? downloadLoanContractPreviewPdf : downloadLoanContractPdf;
      saveFile(await fetchPdf(rowId, contractNo));
    } catch (error) {
      // transport failures have toasted already
      if (isApiError(error) && error.kind === 'rsp') message.error(error.desc);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type={type} icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()}>
      {preview ? '下载合同预览' : '下载借款合同'}
    </Button>
  );
}
