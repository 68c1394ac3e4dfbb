import { describe, expect, it } from 'vitest';
import {
  BankRouteError,
  bankRoutePath,
  bankRoutePattern,
  MAX_ROUTE_ID_LENGTH,
  parseBankRoute,
} from './bank-route.ts';
import { BANK_CODES } from './partner-banks.ts';

describe('bank routes', () => {
  it('build the paths of docs/PRODUCT.md §2.2', () => {
    expect(bankRoutePath('YNIT', { rowId: '101', productCode: 'YNIT-XT01', productType: 'CREDIT' })).toBe(
      '/apply/LoanInfo_YNIT/101/YNIT-XT01/CREDIT',
    );
    expect(bankRoutePath('CGB', { rowId: '102', productCode: 'CGB-KJED' })).toBe(
      '/apply/LoanInfo_CGB/102/CGB-KJED',
    );
    expect(bankRoutePath('FUIOU', { rowId: '103', productCode: 'FUIOU-HKD' })).toBe(
      '/apply/LoanInfo_FUIOU/103/FUIOU-HKD',
    );
    expect(bankRoutePath('SHRB', { rowId: '104', productCode: 'SHRB-KJD', productType: 'CREDIT' })).toBe(
      '/apply/LoanInfo_SHRB/104/SHRB-KJD/CREDIT',
    );
    expect(bankRoutePath('CRBANK', { mcOrderNo: 'MC20240131000001' })).toBe(
      '/apply/LoanInfo_CRBANK/MC20240131000001',
    );
  });

  it('give the router patterns', () => {
    expect(BANK_CODES.map(bankRoutePattern)).toEqual([
      'LoanInfo_YNIT/:rowId/:productCode/:productType',
      'LoanInfo_CGB/:rowId/:productCode',
      'LoanInfo_FUIOU/:rowId/:productCode',
      'LoanInfo_SHRB/:rowId/:productCode/:productType',
      'LoanInfo_CRBANK/:mcOrderNo',
    ]);
  });

  it('encode segments and parse them back', () => {
    const path = bankRoutePath('YNIT', { rowId: 'a/b?c#d', productCode: '跨境 贷', productType: '100%' });
    expect(path).toBe('/apply/LoanInfo_YNIT/a%2Fb%3Fc%23d/%E8%B7%A8%E5%A2%83%20%E8%B4%B7/100%25');
    expect(parseBankRoute(path)).toEqual({
      bank: 'YNIT',
      ids: { rowId: 'a/b?c#d', productCode: '跨境 贷', productType: '100%' },
    });
  });

  it.each([
    { bank: 'YNIT', ids: { rowId: '1', productCode: 'P', productType: 'T' } },
    { bank: 'CGB', ids: { rowId: '2', productCode: 'P' } },
    { bank: 'FUIOU', ids: { rowId: '3', productCode: 'P' } },
    { bank: 'SHRB', ids: { rowId: '4', productCode: 'P', productType: 'T' } },
    { bank: 'CRBANK', ids: { mcOrderNo: 'MC-5' } },
  ] as const)('round-trip $bank', (route) => {
    expect(parseBankRoute(bankRoutePath(route.bank, route.ids as never))).toEqual(route);
  });

  it('ignore a trailing slash, query and hash', () => {
    const expected = { bank: 'CGB', ids: { rowId: '9', productCode: 'X' } };
    expect(parseBankRoute('/apply/LoanInfo_CGB/9/X/')).toEqual(expected);
    expect(parseBankRoute('/apply/LoanInfo_CGB/9/X?from=bank#top')).toEqual(expected);
  });

  it.each([
    '',
    '/',
    '/apply',
    '/apply/LoanInfo',
    '/apply/loanDetail',
    '/apply/LoanInfo_ABC/1/2',
    '/apply/LoanInfo_cgb/1/2',
    '/apply/LoanInfo_CGB/1',
    '/apply/LoanInfo_CGB/1/2/3',
    '/apply/LoanInfo_YNIT/1/2',
    '/apply/LoanInfo_CRBANK',
    '/apply/LoanInfo_CRBANK/',
    '/apply/LoanInfo_CRBANK/a/b',
    '/apply/LoanInfo_CGB//2',
    '/apply/LoanInfo_CGB/%E0%A4%A/2',
    `/apply/LoanInfo_CRBANK/${'x'.repeat(MAX_ROUTE_ID_LENGTH + 1)}`,
    'apply/LoanInfo_CGB/1/2',
    '/record/LoanInfo_CGB/1/2',
    '/apply/LoanInfo_CGB/1/2//',
  ])('return null for %j', (path) => {
    expect(parseBankRoute(path)).toBeNull();
  });

  it('accept an id of the longest length', () => {
    const mcOrderNo = 'x'.repeat(MAX_ROUTE_ID_LENGTH);
    expect(parseBankRoute(`/apply/LoanInfo_CRBANK/${mcOrderNo}`)).toEqual({
      bank: 'CRBANK',
      ids: { mcOrderNo },
    });
  });

  it('refuse to build a path with a missing, empty or too long id', () => {
    expect(() => bankRoutePath('CGB', { rowId: '', productCode: 'P' })).toThrow(BankRouteError);
    expect(() => bankRoutePath('SHRB', { rowId: '1', productCode: 'P' } as never)).toThrow(/productType/);
    expect(() => bankRoutePath('CRBANK', { mcOrderNo: 'x'.repeat(MAX_ROUTE_ID_LENGTH + 1) })).toThrow(
      BankRouteError,
    );
    expect(() => bankRoutePath('ABC' as never, {} as never)).toThrow(BankRouteError);
  });
});
