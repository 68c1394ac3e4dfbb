import { RSP, yuanToFen } from '@loan/domain';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';
import { type WaiverTarget, waiverActs } from '../../api/waivers';

/** What is to be waived: the item's name as shown, and what it owes now (yuan). */
export interface WaiverSubject {
  target: WaiverTarget;
  title: string;
  owed: string;
}

interface Values {
  amount: string;
  reason: string;
}

const YUAN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
/** The server's refusals that are about the amount: shown under that field. */
const AMOUNT_CODES: readonly string[] = [RSP.WAIVER_AMOUNT_INVALID, RSP.WAIVER_ABOVE_OWED];

/**
 * 申请减免: the amount (in full or in part, at most what is owed now) and the reason; submitted as a request a
 * colleague with 复核退款决定 confirms. A refusal shows under the field it is about.
 */
export function WaiverDialog({
  subject,
  onClose,
}: {
  subject: WaiverSubject | null;
  onClose: (done: string | null) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!subject) return;
    // a field's own message shows under it
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      await waiverActs.ask(subject.target, values.amount.trim(), values.reason.trim());
      form.resetFields();
      onClose('已提交减免申请，等待另一位同事复核后生效');
    } catch (e) {
      if (e instanceof OpsApiError && AMOUNT_CODES.includes(e.code)) {
        form.setFields([{ name: 'amount', errors: [e.desc] }]);
      } else if (e instanceof OpsApiError && e.code === RSP.INVALID_INPUT) {
        form.setFields([{ name: 'reason', errors: [e.desc] }]);
      } else {
        setError(e instanceof OpsApiError ? e.desc : '提交失败，请稍后重试');
      }
    } finally {
      setBusy(false);
    }
  };
  const notAbove = async (_: unknown, value: string | undefined) => {
    if (!subject || !value || !YUAN.test(value.trim())) return;
    if (yuanToFen(value.trim()) === 0) throw new Error('减免金额须大于 0 元');
    if (yuanToFen(value.trim()) > yuanToFen(subject.owed))
      throw new Error(`不能超过当前尚欠的 ${subject.owed} 元`);
  };
  return (
    <Modal
      title={subject ? `申请减免：${subject.title}` : ''}
      open={subject !== null}
      okText="提交复核"
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onClose(null)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        当前尚欠 {subject?.owed ?? '—'}{' '}
        元；可全部或部分减免，提交后须另一位有“复核退款决定”权限的同事确认后生效。
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          label="减免金额（元）"
          name="amount"
          rules={[
            { required: true, whitespace: true, message: '请填写减免金额' },
            { pattern: YUAN, message: '金额为元，最多两位小数，如 100 或 100.50' },
            { validator: notAbove },
          ]}
        >
          <Input inputMode="decimal" maxLength={24} />
        </Form.Item>
        <Form.Item
          label="减免原因（记入审计日志）"
          name="reason"
          rules={[{ required: true, whitespace: true, message: '请填写减免原因' }]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
