import { downloadLoanContractPdf, downloadLoanContractPreviewPdf } from '../../api/applications';
import { PdfButton } from '../PdfButton';

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
  const fetchPdf = preview ? downloadLoanContractPreviewPdf : downloadLoanContractPdf;
  return (
    <PdfButton fetchPdf={() => fetchPdf(rowId, contractNo)} type={type}>
      {preview ? '下载合同预览' : '下载借款合同'}
    </PdfButton>
  );
}
