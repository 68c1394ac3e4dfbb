import { PAYMENT_CHANNELS, type PaymentChannel } from '@loan/domain';
import { Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CASHIER_PATH, pathWithQuery } from '../../app/paths';
import { CHANNEL_LABELS } from './pay-labels';

/** A titled part of a payment dialog (支付方式, 优惠券 …). */
export function PaySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ marginTop: 8 }}>{children}</div>
    </div>
  );
}

/** 支付方式: 支付宝 / 微信支付 / 银联 / 对公转账 as buttons. */
export function ChannelPicker({
  value,
  onChange,
}: {
  value: PaymentChannel;
  onChange: (channel: PaymentChannel) => void;
}) {
  return (
    <PaySection title="支付方式">
      <Radio.Group
        aria-label="支付方式"
        value={value}
        onChange={(e) => onChange(e.target.value as PaymentChannel)}
        optionType="button"
        buttonStyle="solid"
        options={PAYMENT_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] }))}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      />
    </PaySection>
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
