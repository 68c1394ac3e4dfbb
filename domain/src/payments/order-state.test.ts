import { describe, expect, it } from 'vitest';
import {
  isClosedOrderState,
  PAYMENT_ORDER_EVENTS,
  PAYMENT_ORDER_STATES,
  PAYMENT_ORDER_TRANSITIONS,
  paymentOrderTransition,
} from './order-state.ts';
import { OUT_TRADE_NO_PATTERN, outTradeNoOf } from './payment-labels.ts';

describe('payment order state machine', () => {
  it('pays or closes a created order, nothing else', () => {
    expect(paymentOrderTransition('CREATED', 'PAY')).toBe('PAID');
    expect(paymentOrderTransition('CREATED', 'CLOSE')).toBe('CLOSED');
    for (const from of ['PAID', 'CLOSED']) {
      for (const event of PAYMENT_ORDER_EVENTS) expect(paymentOrderTransition(from, event)).toBeNull();
    }
    expect(paymentOrderTransition('UNKNOWN', 'PAY')).toBeNull();
  });

  it('has one row per legal move and two final states', () => {
    const keys = PAYMENT_ORDER_TRANSITIONS.map((t) => `${t.from}.${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(PAYMENT_ORDER_STATES.filter(isClosedOrderState)).toEqual(['PAID', 'CLOSED']);
  });
});

describe('order numbers', () => {
  it('are PAY, the Shanghai time and six digits of the id', () => {
    const no = outTradeNoOf(new Date('2026-11-23T02:15:00Z'), 42);
    expect(no).toBe('PAY20261123101500000042');
    expect(no).toMatch(OUT_TRADE_NO_PATTERN);
    expect(outTradeNoOf(new Date('2026-11-23T02:15:00Z'), 1_234_567)).toBe('PAY20261123101500234567');
  });
});
