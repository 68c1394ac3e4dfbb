import { formatDateTime } from '@loan/domain';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';
import { type Invitation, operatorActs } from '../../api/operators';
import type { RoleLine } from '../../api/ops';

/**
 * 新建运营人员: login id, name and work e-mail. The one-time password goes to that e-mail only (the creator never
 * sees it); the colleague sets their own password and binds an authenticator at the first sign-in.
 */
export function CreateOperatorDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (created: boolean) => void;
}) {
  const [form] = Form.useForm<{ loginId: string; name: string; email: string }>();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (created) {
      setCreated(null);
      form.resetFields();
      onClose(true);
      return;
    }
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      setCreated(await operatorActs.create(values.loginId.trim(), values.name.trim(), values.email.trim()));
    } catch (e) {
      setError(e instanceof OpsApiError ? e.desc : '创建失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="新建运营人员"
      open={open}
      okText={created ? '完成' : '创建并发送邀请'}
      onOk={submit}
      confirmLoading={busy}
      cancelButtonProps={{ style: created ? { display: 'none' } : undefined }}
      onCancel={() => {
        setCreated(null);
        onClose(created !== null);
      }}
      destroyOnHidden
    >
      {created ? (
        <Alert
          type="success"
          showIcon
          title={`已创建 ${created.loginId}，邀请已发送`}
          description={<InvitationSent invitation={created} />}
        />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            label="登录账号"
            name="loginId"
            rules={[
              {
                required: true,
                pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/,
                message: '3-32 位字母、数字或 . _ -',
              },
            ]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            label="姓名"
            name="name"
            rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            label="工作邮箱"
            name="email"
            extra="初始密码只发往此邮箱，您不会看到它"
            rules={[{ required: true, type: 'email', message: '请输入正确的工作邮箱' }]}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input maxLength={128} inputMode="email" autoComplete="off" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Where the invitation went and what happens next (never the password). */
export function InvitationSent({ invitation }: { invitation: Invitation }) {
  return (
    <>
      <Typography.Paragraph>
        初始密码已发送至 <Typography.Text strong>{invitation.email}</Typography.Text>，在{' '}
        {formatDateTime(invitation.expiresAt)} 前有效。
      </Typography.Paragraph>
      <Typography.Paragraph style={{ margin: 0 }}>
        新同事首次登录时先设置自己的密码，再绑定验证器；角色须在本页申请，由另一位管理员核对邮箱后复核生效。
      </Typography.Paragraph>
    </>
  );
}

/** 变更角色: asks for the operator's roles to become these; another administrator confirms. */
export function RolesDialog({
  target,
  roles,
  onClose,
}: {
  target: { loginId: string; roles: string[] } | null;
  roles: RoleLine[];
  onClose: (asked: boolean) => void;
}) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = chosen ?? target?.roles ?? [];
  const submit = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await operatorActs.setRoles(target.loginId, value);
      setChosen(null);
      onClose(true);
    } catch (e) {
      setError(e instanceof OpsApiError ? e.desc : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`变更 ${target?.loginId ?? ''} 的角色`}
      open={target !== null}
      okText="提交复核"
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => {
        setChosen(null);
        onClose(false);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        提交后须由另一位管理员在「待我审批」中确认才会生效。
      </Typography.Paragraph>
      <Checkbox.Group
        aria-label="角色"
        value={value}
        onChange={(list) => setChosen(list as string[])}
        options={roles.map((role) => ({ value: role.code, label: role.name }))}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
    </Modal>
  );
}
