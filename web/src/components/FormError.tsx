import { Alert } from 'antd';

/** The failure of a form's submission above the form, announced; with `onClose` it can be dismissed. */
export function FormError({ error, onClose }: { error: string | null; onClose?: () => void }) {
  if (!error) return null;
  return (
    <Alert
      className="form-alert"
      type="error"
      showIcon
      title={error}
      role="alert"
      closable={onClose ? { onClose } : undefined}
    />
  );
}
