import type { OpsSignedIn } from '@loan/domain';
import { Alert, Button, List, Typography } from 'antd';

/** After enrolment: the ten recovery codes, shown this once. */
export function RecoveryCodesStep({ signedIn, onDone }: { signedIn: OpsSignedIn; onDone: () => void }) {
  const codes = signedIn.recoveryCodes ?? [];
  return (
    <>
      <Alert
        type="success"
        showIcon
        title="验证器已绑定"
        description="请把下面 10 个恢复码抄写或打印后妥善保管：手机丢失时每个恢复码可代替动态验证码登录一次。离开本页后不再显示。"
        style={{ marginBottom: 16 }}
      />
      <List
        bordered
        size="small"
        dataSource={codes}
        aria-label="恢复码"
        renderItem={(code) => (
          <List.Item>
            <Typography.Text code>{code}</Typography.Text>
          </List.Item>
        )}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>复制全部恢复码</Typography.Paragraph>
      <Button type="primary" block size="large" onClick={onDone}>
        我已保存，进入运营后台
      </Button>
    </>
  );
}
