import { PAYMENT_CHANNELS, type PaymentChannel } from '@loan/domain';
import { Radio } from 'antd';
import { CASHIER_PATH, pathWithQuery } from '../../app/paths';
import { CHANNEL_LABELS } from './pay-labels';

/** 支付宝 / 微信支付 / 银联 / 对公转账 as buttons. */
export function ChannelPicker({
  value,
  onChange,
}: {
  value: PaymentChannel;
  onChange: (channel: PaymentChannel) => void;
}) {
  return (
    <Radio.Group
      aria-label="支付方式"
      value={value}
      onChange={(e) => onChange(e.target.value as PaymentChannel)}
      optionType="button"
      buttonStyle="solid"
      options={PAYMENT_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] }))}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
    />
  );
}

/** Where to go for an order's cashier: ours (with the way back) or the gateway's own page. */
export function cashierTarget(
  cashierUrl: string | null,
  outTradeNo: string,
  back: string,
): { internal: string } | { external: string } {
  const ours = pathWithQuery(CASHIER_PATH, { outTradeNo, back });
  if (!cashierUrl || cashierUrl.startsWith('/')) return { internal: ours };
  return { external: cashierUrl };
}
