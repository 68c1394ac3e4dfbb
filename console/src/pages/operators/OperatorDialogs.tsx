import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { OpsApiError } from '../../api/http';
import { operatorActs } from '../../api/operators';
import type { RoleLine } from '../../api/ops';

/** 新建运营人员: login id and name; the one-time password is shown once, here. */
export function CreateOperatorDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (created: boolean) => void;
}) {
  const [form] = Form.useForm<{ loginId: string; name: string }>();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ loginId: string; password: string } | null>(null);
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
      setCreated(await operatorActs.create(values.loginId.trim(), values.name.trim()));
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
      okText={created ? '我已转交初始密码' : '创建'}
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
          title={`已创建 ${created.loginId}`}
          description={
            <>
              <Typography.Paragraph>
                初始密码（只显示这一次，请当面或通过安全渠道转交）：
                <Typography.Text code copyable data-testid="initial-password">
                  {created.password}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph style={{ margin: 0 }}>
                新同事首次登录时绑定验证器；角色须在本页申请，由另一位管理员复核后生效。
              </Typography.Paragraph>
            </>
          }
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
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Form>
      )}
    </Modal>
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
