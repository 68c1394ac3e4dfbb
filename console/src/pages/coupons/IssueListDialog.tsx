import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { couponActs, type TemplateLine } from '../../api/coupons';
import { OpsApiError } from '../../api/http';

/** Login ids typed or pasted: separated by spaces, commas, 、 or new lines; each once. */
export const loginIdsOf = (text: string | undefined) => [
  ...new Set(
    (text ?? '')
      .split(/[\s,，、;；]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

type Outcome = { requestId: number; count: number } | { issuedTo: string };

/**
 * 按名单发放: the template to the borrowers listed. More than one: a 批量发放优惠券 request, issued only when a colleague
 * with 管理优惠券模板 confirms it in their 待我审批; one: issued at once.
 */
export function IssueListDialog({
  template,
  onClose,
}: {
  template: TemplateLine | null;
  onClose: (changed: boolean) => void;
}) {
  const [form] = Form.useForm<{ loginIds: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const close = () => {
    const changed = outcome !== null;
    setOutcome(null);
    setError(null);
    form.resetFields();
    onClose(changed);
  };
  const submit = async () => {
    if (outcome) return close();
    if (!template) return;
    const { loginIds } = await form.validateFields();
    const list = loginIdsOf(loginIds);
    setBusy(true);
    setError(null);
    try {
      const answer = await couponActs.issue(template.templateId, list);
      setOutcome(
        answer.requestId !== null
          ? { requestId: answer.requestId, count: list.length }
          : { issuedTo: list[0] ?? '' },
      );
    } catch (e) {
      setError(e instanceof OpsApiError ? e.desc : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`按名单发放「${template?.name ?? ''}」`}
      open={template !== null}
      okText={outcome ? '完成' : '提交'}
      onOk={submit}
      confirmLoading={busy}
      cancelButtonProps={{ style: outcome ? { display: 'none' } : undefined }}
      onCancel={close}
      destroyOnHidden
    >
      {outcome && 'requestId' in outcome ? (
        <Alert
          type="success"
          showIcon
          title={`已提交批量发放申请（编号 ${outcome.requestId}），共 ${outcome.count} 位借款人`}
          description={
            <>
              申请已进入有“管理优惠券模板”权限的同事的「待我审批」，复核通过后才会发放；您可在{' '}
              <Link to="/inbox" onClick={close}>
                待我审批 · 我提交的申请
              </Link>{' '}
              中查看进度或撤回。
            </>
          }
        />
      ) : outcome ? (
        <Alert type="success" showIcon title={`已向 ${outcome.issuedTo} 发放`} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false}>
          {template && (
            <Typography.Paragraph type="secondary">
              {template.rule} · {template.validityText} · {template.scopeText}
            </Typography.Paragraph>
          )}
          <Form.Item
            label="借款人登录账号（空格、逗号或换行分隔；多于一位须复核）"
            name="loginIds"
            rules={[
              { required: true, whitespace: true, message: '请填写借款人' },
              {
                validator: async (_, value: string | undefined) => {
                  if (loginIdsOf(value).length > 500) throw new Error('一次至多 500 位借款人');
                },
              },
            ]}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.TextArea rows={4} maxLength={20000} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
