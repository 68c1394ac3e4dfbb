import { describe, expect, it } from 'vitest';
import { maskBankCard, maskEmail, maskIdNumber, maskName, maskPartyName, maskPhone } from './mask.ts';

describe('masking', () => {
  it('masks a mobile number to 138****1234', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone('123')).toBe('***');
  });
  it('masks an ID number keeping 3 + 4', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
  });
  it('masks a bank card keeping 4 + 4', () => {
    expect(maskBankCard('6222021234567891234')).toBe('6222 **** **** 1234');
  });
  it('masks a name keeping the family name', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳小明')).toBe('欧***');
  });
  it('masks an e-mail keeping the domain', () => {
    expect(maskEmail('demo@example.com')).toBe('de***@example.com');
    expect(maskEmail('a@b.cn')).toBe('a***@b.cn');
    expect(maskEmail('broken')).toBe('***');
  });
});

describe('maskPartyName', () => {
  it.each([
    ['深圳市前海跨境贸易有限公司', '深圳市前海跨境贸易有限公司'],
    ['杭州某某电子商务合伙企业（有限合伙）', '杭州某某电子商务合伙企业（有限合伙）'],
    ['中国银行深圳分行', '中国银行深圳分行'],
    ['张三', '张*'],
    ['李四服装店', '李****'],
    [' 王五 ', '王*'],
  ])('%s → %s', (name, shown) => {
    expect(maskPartyName(name)).toBe(shown);
  });
});
