import { PAID_METHOD_INFO, PAID_METHODS, type PaidMethod, type ReceivingAccountView } from '@loan/domain';
import { useMutation } from '@tanstack/react-query';
import { Card, Radio, Tag, Typography } from 'antd';
import { choosePaidMethod } from '../../api/receiving-account';
import { useMessage } from '../../app/feedback';
import { CardError } from './account-parts';

/** Collections assume 回款自动扣款 until the borrower chooses. */
const DEFAULT_METHOD: PaidMethod = 'STORE_PAYOUT';

/** 还款方式: 回款自动扣款 or 主动还款, each with what it means; a choice is saved at once. */
export function PaidMethodCard({ view, onChanged }: { view: ReceivingAccountView; onChanged: () => void }) {
  const message = useMessage();
  const chosen = view.paidMethod ?? DEFAULT_METHOD;
  const choose = useMutation({
    mutationFn: (paidMethod: PaidMethod) => choosePaidMethod({ paidMethod }, { silent: true }),
    onSuccess: (_, paidMethod) => {
      message.success(`还款方式已设为${PAID_METHOD_INFO[paidMethod].label}`);
      onChanged();
    },
  });
  const shown = choose.isPending && choose.variables ? choose.variables : chosen;

  return (
    <Card variant="borderless" title="还款方式">
      <CardError error={choose.error} />
      <Radio.Group
        className="paid-method-group"
        aria-label="还款方式"
        value={shown}
        disabled={choose.isPending}
        onChange={(e) => choose.mutate(e.target.value as PaidMethod)}
        style={{ display: 'flex', flexDirection: 'column', gap: 12, width: '100%' }}
      >
        {PAID_METHODS.map((method) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the radio inside takes the keyboard
          <div
            key={method}
            className="paid-method-option"
            onClick={(e) => {
              // a click on the radio itself is the group's change
              if ((e.target as HTMLElement).closest('.ant-radio-wrapper')) return;
              if (method !== shown && !choose.isPending) choose.mutate(method);
            }}
            style={{
              display: 'block',
              padding: 12,
              border: `1px solid ${shown === method ? 'var(--ant-color-primary, #1366db)' : 'var(--ant-color-border, #d9d9d9)'}`,
              borderRadius: 8,
              cursor: 'pointer',
            }}
          >
            <Radio value={method}>
              <Typography.Text strong>{PAID_METHOD_INFO[method].label}</Typography.Text>
              {view.paidMethod === null && method === DEFAULT_METHOD && (
                <Tag style={{ marginLeft: 8 }}>默认</Tag>
              )}
            </Radio>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px' }}>
              {PAID_METHOD_INFO[method].description}
            </Typography.Paragraph>
          </div>
        ))}
      </Radio.Group>
    </Card>
  );
}
