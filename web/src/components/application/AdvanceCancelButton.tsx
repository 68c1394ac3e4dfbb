import { CANCEL_REASON_MAX, TIMEOUTS } from '@loan/domain';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { advanceCancel } from '../../api/applications';
import { isApiError } from '../../api/errors';
import { useMessage } from '../../app/feedback';

/**
 * "取消申请": a confirmation with an optional reason, then POST /loanMgr/advanceCancel (30 s time-out).
 * A refusal (e.g. already disbursed) stays in the dialog with the server's reason.
 */
export function AdvanceCancelButton({ rowId, onCancelled }: { rowId: number; onCancelled: () => void }) {
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setOpen(false);
    setError(null);
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const trimmed = reason.trim();
      await advanceCancel(
        { rowId, ...(trimmed ? { reason: trimmed } : {}) },
        { silent: true, timeout: TIMEOUTS.advanceCancel },
      );
      setOpen(false);
      setReason('');
      message.success('申请已取消');
      onCancelled();
    } catch (caught) {
      setError(isApiError(caught) ? caught.desc : '取消失败，请稍后重试');
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        取消申请
      </Button>
      <Modal
        open={open}
        title="确认取消申请？"
        okText="确认取消"
        cancelText="再想想"
        okButtonProps={{ danger: true, loading: pending }}
        cancelButtonProps={{ disabled: pending }}
        onOk={() => void confirm()}
        onCancel={close}
        mask={{ closable: !pending }}
        destroyOnHidden
      >
        <Typography.Paragraph>
          取消后本次申请将结束，不能恢复；如需融资需要重新申请。取消记录会写入申请进度。
        </Typography.Paragraph>
        {/* the "n / 200" count hangs below the box: room for it so it never runs into the buttons */}
        <div style={{ paddingBottom: 24 }}>
          <Input.TextArea
            aria-label="取消原因"
            placeholder="取消原因（选填）"
            value={reason}
            maxLength={CANCEL_REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {error && <Alert type="error" showIcon title={error} />}
      </Modal>
    </>
  );
}
