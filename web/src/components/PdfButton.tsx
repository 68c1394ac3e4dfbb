import { FilePdfOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../api/errors';
import { saveFile } from '../api/trading';
import { useMessage } from '../app/feedback';

/**
 * A button that downloads a PDF the server makes (a receipt, a contract, a certificate) and saves it; a refusal
 * is shown as a message (transport failures have toasted already).
 */
export function PdfButton({
  fetchPdf,
  children,
  type = 'default',
  size,
  ariaLabel,
}: {
  fetchPdf: () => Promise<{ blob: Blob; fileName: string }>;
  children: ReactNode;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  ariaLabel?: string;
}) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchPdf());
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
      aria-label={ariaLabel}
    >
      {children}
    </Button>
  );
}
