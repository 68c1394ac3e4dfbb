import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
  type UploadedDocument,
} from '@loan/domain';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadDocument } from '../../api/certification';
import { isRspError } from '../../api/errors';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

/** Why a chosen file cannot be uploaded (checked before uploading; the server checks the content again). */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXTENSIONS.test(file.name)) {
    return '文件类型不支持，请上传 JPG、PNG 或 PDF 文件';
  }
  if (file.size > MAX_DOCUMENT_BYTES) return '文件不能超过 5MB，请压缩后重新上传';
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}

function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * A form control holding a document id: choose a JPG, PNG or PDF up to 5 MB, it is uploaded at once and the
 * field takes the new id; the uploaded (or already on file) file name is shown.
 */
export function DocumentUpload({
  kind,
  value,
  onChange,
  known,
}: {
  kind: DocumentKind;
  value?: number;
  onChange?: (documentId: number | undefined) => void;
  /** documents already on file, to show the name of the current value */
  known?: UploadedDocument[];
}) {
  const { message } = App.useApp();
  const [uploaded, setUploaded] = useState<UploadedDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const label = DOCUMENT_KIND_LABELS[kind];
  const current = uploaded?.documentId === value ? uploaded : known?.find((d) => d.documentId === value);

  return (
    <Flex vertical gap={4} data-testid={`document-${kind}`}>
      <Upload
        accept=".jpg,.jpeg,.png,.pdf"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const problem = fileProblem(file);
          if (problem) {
            message.error(problem);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const blob = file as File;
            const result = await uploadDocument(kind, blob.name, await readBase64(blob), { silent: true });
            setUploaded(result);
            onChange?.(result.documentId);
            onSuccess?.(result);
          } catch (error) {
            message.error(isRspError(error) ? error.desc : `${label}上传失败，请重试`);
            onError?.(error as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {current ? `重新上传${label}` : `上传${label}`}
        </Button>
      </Upload>
      {current ? (
        <Typography.Text type="success">
          <CheckCircleFilled /> 已上传：{current.fileName}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">JPG、PNG 或 PDF，不超过 5MB</Typography.Text>
      )}
    </Flex>
  );
}
