import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_QUOTA,
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
  type UploadedDocument,
} from '@loan/domain';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadDocument } from '../../api/certification';
import { isRspError } from '../../api/errors';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

/** Why a chosen file cannot be uploaded (checked before uploading; the server checks the content again). */
function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXTENSIONS.test(file.name)) {
    return '文件类型不支持，请上传 JPG、PNG 或 PDF 文件';
  }
  if (file.size > MAX_DOCUMENT_BYTES) return '文件不能超过 5MB，请压缩后重新上传';
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}

/** What the borrower may keep, said with the accepted files under the button. */
const QUOTA_HINT = `每人最多保留 ${DOCUMENT_QUOTA.files} 个文件、共 ${DOCUMENT_QUOTA.bytes / 1024 / 1024}MB`;

/**
 * A form control holding a document id: choose a JPG, PNG or PDF up to 5 MB, it is uploaded at once (multipart)
 * and the field takes the new id; the uploaded (or already on file) file name is shown, and a refusal of the
 * server (a broken image, a PDF with scripts, the quota…) right under the button.
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
  const [uploaded, setUploaded] = useState<UploadedDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const label = DOCUMENT_KIND_LABELS[kind];
  const current = uploaded?.documentId === value ? uploaded : known?.find((d) => d.documentId === value);

  return (
    <Flex vertical gap={4} data-testid={`document-${kind}`}>
      <Upload
        accept=".jpg,.jpeg,.png,.pdf"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const found = fileProblem(file);
          setProblem(found);
          return found ? Upload.LIST_IGNORE : true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          setProblem(null);
          try {
            const result = await uploadDocument(kind, file as File, { silent: true });
            setUploaded(result);
            onChange?.(result.documentId);
            onSuccess?.(result);
          } catch (error) {
            setProblem(isRspError(error) ? error.desc : `${label}上传失败，请重试`);
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
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
      {current ? (
        <Typography.Text type="success">
          <CheckCircleFilled /> 已上传：{current.fileName}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">JPG、PNG 或 PDF，不超过 5MB（{QUOTA_HINT}）</Typography.Text>
      )}
    </Flex>
  );
}
