import { describe, expect, it } from 'vitest';
import { supportLine, withSupportContact } from './support-contact.ts';

const SUPPORT = { phone: '400-820-1234', email: 'support@example.com', hours: '工作日 09:00–18:00' };

describe('customer service in the texts', () => {
  it('adds the number and hours where a text says 联系客服', () => {
    expect(withSupportContact('账号已停用，请联系客服', SUPPORT)).toBe(
      '账号已停用，请联系客服（客服电话 400-820-1234，工作日 09:00–18:00）',
    );
  });

  it('leaves a text without it, or already with the number, as it is', () => {
    expect(withSupportContact('验证码已过期，请重新获取', SUPPORT)).toBe('验证码已过期，请重新获取');
    const once = withSupportContact('如有疑问请联系客服', SUPPORT);
    expect(withSupportContact(once, SUPPORT)).toBe(once);
  });

  it('writes the whole contact in one line', () => {
    expect(supportLine(SUPPORT)).toBe(
      '客服电话 400-820-1234，邮箱 support@example.com（工作日 09:00–18:00）',
    );
  });
});
