import { describe, expect, it } from 'vitest';
import { annuityPaymentFen, equalPrincipalPartFen } from './annuity.ts';

describe('annuity payment', () => {
  it('12,000 at 2 % a month over 4 months pays 3151.49', () => {
    // 240 × 1.02⁴ / (1.02⁴ − 1) = 259.7837184 / 0.08243216 = 3151.4851… → 3151.49
    expect(annuityPaymentFen(1_200_000n, { num: 24n, den: 1200n }, 4)).toBe(315_149n);
  });

  it('1,000 at 1 % a month over 2 months pays 507.51', () => {
    // 1000 × 0.01 × 1.0201 / 0.0201 = 507.5124… → 507.51
    expect(annuityPaymentFen(100_000n, { num: 12n, den: 1200n }, 2)).toBe(50_751n);
  });

  it('is P / n rounded at a zero rate, and P × (1 + r) for one period', () => {
    expect(annuityPaymentFen(10_000n, { num: 0n, den: 1n }, 3)).toBe(3_333n);
    expect(annuityPaymentFen(20_000n, { num: 0n, den: 1n }, 3)).toBe(6_667n);
    expect(annuityPaymentFen(100_000n, { num: 24n, den: 1200n }, 1)).toBe(102_000n);
  });
});

describe('equal principal part', () => {
  it('rounds P / n half-up as banks publish it', () => {
    expect(equalPrincipalPartFen(100_000_000n, 360)).toBe(277_778n); // 2777.777… → 2777.78
    expect(equalPrincipalPartFen(100_000n, 3)).toBe(33_333n);
    expect(equalPrincipalPartFen(200_000n, 3)).toBe(66_667n);
  });

  it('rounds down when rounding up would leave the last part negative', () => {
    // 200 fen / 360 = 0.56 → 1 fen, but 359 × 1 > 200: use 0 and let the last period repay it all.
    expect(equalPrincipalPartFen(200n, 360)).toBe(0n);
    expect(equalPrincipalPartFen(1_000n, 360)).toBe(2n); // 2.78 → 3 would need 1077 fen
  });
});
