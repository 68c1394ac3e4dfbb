import { OPS_API } from '@loan/domain';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { OpsApiError, opsRequest } from '../../api/http';

interface Values {
  loginIds?: string;
  kind: 'AMOUNT_OFF' | 'PERCENT_OFF' | 'FREE_FEE';
  title: string;
  amount?: string;
  threshold?: string;
  percent?: number;
  cap?: string;
  days: number;
}

const YUAN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/**
 * 发放优惠券: to the borrower given (at once), or to a list typed in (a request a colleague with 管理优惠券模板
 * confirms). The issuing rules are the server's; its refusal shows here.
 */
export function CouponDialog({
  loginId,
  open,
  onClose,
}: {
  /** the one borrower; null: a list is typed in */
  loginId: string | null;
  open: boolean;
  onClose: (done: string | null) => void;
}) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    const loginIds = loginId ? [loginId] : (values.loginIds ?? '').split(/[\s,，、]+/).filter(Boolean);
    setBusy(true);
    setError(null);
    try {
      const { loginIds: _typed, ...terms } = values;
      const answer = await opsRequest<{ issued: number; requestId: number | null }>(
        'POST',
        OPS_API.couponIssue,
        {
          ...terms,
          loginIds,
        },
      );
      form.resetFields();
      onClose(answer.requestId ? `已提交，共 ${loginIds.length} 位借款人，等待复核后发放` : '已发放');
    } catch (e) {
      setError(e instanceof OpsApiError ? e.desc : '发放失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={loginId ? `向 ${loginId} 发放优惠券` : '批量发放优惠券（须复核）'}
      open={open}
      okText={loginId ? '发放' : '提交复核'}
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onClose(null)}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'AMOUNT_OFF', days: 30 }}
      >
        {!loginId && (
          <Form.Item
            label="借款人登录账号（空格、逗号或换行分隔）"
            name="loginIds"
            rules={[{ required: true, message: '请填写借款人' }]}
          >
            <Input.TextArea rows={3} maxLength={20000} />
          </Form.Item>
        )}
        <Form.Item label="类型" name="kind">
          <Select
            options={[
              { value: 'AMOUNT_OFF', label: '满减券' },
              { value: 'PERCENT_OFF', label: '折扣券' },
              { value: 'FREE_FEE', label: '免服务费券' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="名称"
          name="title"
          rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        {kind === 'AMOUNT_OFF' && (
          <>
            <Form.Item
              label="减免金额（元）"
              name="amount"
              rules={[{ required: true, pattern: YUAN, message: '如 30 或 30.00' }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item
              label="使用门槛（元，不填为无门槛）"
              name="threshold"
              rules={[{ pattern: YUAN, message: '如 100 或 100.00' }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </>
        )}
        {kind === 'PERCENT_OFF' && (
          <>
            <Form.Item
              label="减免百分比（1–99）"
              name="percent"
              rules={[{ required: true, message: '请填写 1–99' }]}
            >
              <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              label="最高减免（元，不填为不封顶）"
              name="cap"
              rules={[{ pattern: YUAN, message: '如 50 或 50.00' }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </>
        )}
        <Form.Item label="有效天数" name="days" rules={[{ required: true, message: '请填写 1–3650' }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
