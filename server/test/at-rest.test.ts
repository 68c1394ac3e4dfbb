import { describe, expect, it } from 'vitest';
import { openText, sealText } from '../src/lib/at-rest.ts';

const KEY = 'ab'.repeat(32);
const OTHER = 'cd'.repeat(32);

describe('at-rest AES-256-GCM', () => {
  it('round-trips and never stores the plain text', () => {
    const sealed = sealText(KEY, '11010519491231002X');
    expect(sealed).not.toContain('11010519491231002X');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openText(KEY, sealed)).toBe('11010519491231002X');
  });

  it('uses a fresh iv each time', () => {
    expect(sealText(KEY, 'same')).not.toBe(sealText(KEY, 'same'));
  });

  it('refuses another key and altered text', () => {
    const sealed = sealText(KEY, 'secret');
    expect(() => openText(OTHER, sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openText(KEY, parts.join('.'))).toThrow();
    expect(() => openText(KEY, 'garbage')).toThrow();
  });
});
