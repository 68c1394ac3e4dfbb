import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';

/** A dialog that asks for a reason (1–200 characters) and runs `submit` with it; a refusal shows under the field. */
export function ReasonModal({
  title,
  label,
  okText,
  open,
  onClose,
  submit,
}: {
  title: string;
  label: string;
  okText: string;
  open: boolean;
  onClose: () => void;
  submit: (reason: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await submit(reason.trim());
      form.resetFields();
      onClose();
    } catch (e) {
      setError(e instanceof OpsApiError ? e.desc : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onOk={ok}
      okText={okText}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          label={label}
          name="reason"
          rules={[{ required: true, whitespace: true, message: `请填写${label}` }]}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
