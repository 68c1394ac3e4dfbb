import { describe, expect, it } from 'vitest';
import {
  isSealedWithCurrentKey,
  type Keyring,
  openValue,
  SealedValueError,
  sealedKeyId,
  sealValue,
} from '../src/lib/at-rest.ts';
import { sealV1 } from './helpers/sealed-v1.ts';

const KEY_A = 'ab'.repeat(32);
const KEY_B = 'cd'.repeat(32);
const RING_A: Keyring = { currentId: 'a1', keys: { a1: KEY_A } };
const RING_B: Keyring = { currentId: 'b1', keys: { b1: KEY_B } };
const RING_B_WITH_A: Keyring = { currentId: 'b1', keys: { a1: KEY_A, b1: KEY_B } };
const PHONE_42 = { table: 'users', row: 42, column: 'phone' };

describe('at-rest AES-256-GCM, v2 (bound to table, row and column; key id)', () => {
  it('round-trips, carries the key id and never holds the plain text', () => {
    const sealed = sealValue(RING_A, PHONE_42, '13800138000');
    expect(sealed).not.toContain('13800138000');
    expect(sealed.startsWith('v2.a1.')).toBe(true);
    expect(sealedKeyId(sealed)).toBe('a1');
    expect(openValue(RING_A, PHONE_42, sealed)).toBe('13800138000');
    expect(sealValue(RING_A, PHONE_42, 'same')).not.toBe(sealValue(RING_A, PHONE_42, 'same'));
  });

  it('does not open for another row, column or table', () => {
    const sealed = sealValue(RING_A, PHONE_42, '13800138000');
    for (const elsewhere of [
      { ...PHONE_42, row: 43 },
      { ...PHONE_42, row: '42 ' },
      { ...PHONE_42, column: 'email' },
      { ...PHONE_42, table: 'loan_certifications' },
    ]) {
      expect(() => openValue(RING_A, elsewhere, sealed)).toThrow(SealedValueError);
    }
  });

  it('opens with the key its id names, and refuses a ring without it, altered text and garbage', () => {
    const sealed = sealValue(RING_A, PHONE_42, 'secret');
    expect(openValue(RING_B_WITH_A, PHONE_42, sealed)).toBe('secret');
    expect(isSealedWithCurrentKey(RING_B_WITH_A, sealed)).toBe(false);
    expect(isSealedWithCurrentKey(RING_A, sealed)).toBe(true);
    expect(() => openValue(RING_B, PHONE_42, sealed)).toThrow(SealedValueError);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => openValue(RING_A, PHONE_42, parts.join('.'))).toThrow(SealedValueError);
    // the key id swapped for another id of the ring: that key does not open it
    const swapped = sealed.replace('v2.a1.', 'v2.b1.');
    expect(() => openValue(RING_B_WITH_A, PHONE_42, swapped)).toThrow(SealedValueError);
    expect(() => openValue(RING_A, PHONE_42, 'garbage')).toThrow(SealedValueError);
    expect(() => openValue(RING_A, PHONE_42, 'v2.a1.x')).toThrow(SealedValueError);
  });

  it('still opens v1 values with any key of the ring (they name no key and bind nothing)', () => {
    const old = sealV1(KEY_A, '11010519491231002X');
    expect(sealedKeyId(old)).toBeNull();
    expect(openValue(RING_A, PHONE_42, old)).toBe('11010519491231002X');
    expect(openValue(RING_B_WITH_A, PHONE_42, old)).toBe('11010519491231002X');
    expect(() => openValue(RING_B, PHONE_42, old)).toThrow(SealedValueError);
  });
});
