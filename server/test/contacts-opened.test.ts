import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { contactColumns, contactsOf } from '../src/modules/contacts/contacts.ts';

const config = loadConfig({});

/** The config's keys, counting how often a key of the PII ring is read (each open reads one). */
function countingKeys() {
  let reads = 0;
  const keys = new Proxy(config.piiKeys.keys, {
    get(target, name) {
      reads += 1;
      return target[name as string];
    },
  });
  return { config: { ...config, piiKeys: { ...config.piiKeys, keys } }, reads: () => reads };
}

function sealedUser(id: number, phone: string, email: string) {
  const { phoneEnc = null, emailEnc = null } = contactColumns(config, id, { phone, email });
  return { id, phoneEnc, emailEnc };
}

describe('contacts opened once per process, the binding still checked', () => {
  it('the second reading of the same sealed values opens nothing', () => {
    const counting = countingKeys();
    const user = sealedUser(9001, '13800009001', 'a9001@example.com');
    expect(contactsOf(counting, user)).toEqual({ phone: '13800009001', email: 'a9001@example.com' });
    const afterFirst = counting.reads();
    expect(afterFirst).toBeGreaterThan(0);
    expect(contactsOf(counting, user)).toEqual({ phone: '13800009001', email: 'a9001@example.com' });
    expect(counting.reads()).toBe(afterFirst);
  });

  it('a changed phone is a new sealed text: the new number, never the old', () => {
    const before = sealedUser(9002, '13800009002', 'b@example.com');
    expect(contactsOf({ config }, before).phone).toBe('13800009002');
    const after = { ...before, ...contactColumns(config, 9002, { phone: '13900009002' }) };
    expect(contactsOf({ config }, after).phone).toBe('13900009002');
  });

  it("another user's sealed phone, once opened for its owner, still does not open as this user's", () => {
    const owner = sealedUser(9003, '13800009003', 'c@example.com');
    expect(contactsOf({ config }, owner).phone).toBe('13800009003');
    const copied = { id: 9004, phoneEnc: owner.phoneEnc, emailEnc: owner.emailEnc };
    expect(contactsOf({ config }, copied)).toEqual({ phone: null, email: '' });
  });

  it('a value opened with one keyring still does not open with a ring that lacks its key', () => {
    const user = sealedUser(9006, '13800009006', 'e@example.com');
    expect(contactsOf({ config }, user).phone).toBe('13800009006');
    const otherRing = { ...config, piiKeys: { currentId: 'other', keys: { other: 'CD'.repeat(32) } } };
    expect(contactsOf({ config: otherRing }, user)).toEqual({ phone: null, email: '' });
  });

  it('a value that does not open is tried again each time (nothing kept for it)', () => {
    const counting = countingKeys();
    const user = sealedUser(9005, '13800009005', 'd@example.com');
    // the IV's first character changed (12 bytes: every base64url character of it carries data)
    const [version, keyId, iv = '', ...rest] = (user.phoneEnc ?? '').split('.');
    const otherIv = `${iv.startsWith('A') ? 'B' : 'A'}${iv.slice(1)}`;
    const altered = { ...user, phoneEnc: [version, keyId, otherIv, ...rest].join('.') };
    expect(contactsOf(counting, altered).phone).toBeNull();
    const afterFirst = counting.reads();
    expect(contactsOf(counting, altered).phone).toBeNull();
    expect(counting.reads()).toBeGreaterThan(afterFirst);
  });
});
