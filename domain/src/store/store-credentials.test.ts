import { describe, expect, it } from 'vitest';
import {
  mwsAuthTokenProblem,
  normaliseSellerId,
  STORE_CREDENTIAL_TEXTS,
  sellerIdProblem,
} from './store-credentials.ts';

describe('store credentials', () => {
  it('seller id: A and 9–13 upper-case letters or digits', () => {
    expect(sellerIdProblem('A1DEMOSTORE001')).toBeNull();
    expect(sellerIdProblem('A123456789')).toBeNull();
    expect(sellerIdProblem('A12345678')).toBe(STORE_CREDENTIAL_TEXTS.sellerIdShape);
    expect(sellerIdProblem('A12345678901234')).toBe(STORE_CREDENTIAL_TEXTS.sellerIdShape);
    expect(sellerIdProblem('B123456789')).toBe(STORE_CREDENTIAL_TEXTS.sellerIdShape);
    expect(sellerIdProblem('a1demostore001')).toBe(STORE_CREDENTIAL_TEXTS.sellerIdShape);
    expect(sellerIdProblem('')).toBe(STORE_CREDENTIAL_TEXTS.sellerIdRequired);
    expect(normaliseSellerId(' a1demostore001 ')).toBe('A1DEMOSTORE001');
  });

  it('token: amzn.mws. and a lower-case UUID', () => {
    expect(mwsAuthTokenProblem('amzn.mws.1a2b3c4d-0000-4000-8000-123456789abc')).toBeNull();
    expect(mwsAuthTokenProblem('amzn.mws.1A2B3C4D-0000-4000-8000-123456789ABC')).toBe(
      STORE_CREDENTIAL_TEXTS.tokenShape,
    );
    expect(mwsAuthTokenProblem('1a2b3c4d-0000-4000-8000-123456789abc')).toBe(
      STORE_CREDENTIAL_TEXTS.tokenShape,
    );
    expect(mwsAuthTokenProblem('amzn.mws.1a2b3c4d00004000800012345678')).toBe(
      STORE_CREDENTIAL_TEXTS.tokenShape,
    );
    expect(mwsAuthTokenProblem('')).toBe(STORE_CREDENTIAL_TEXTS.tokenRequired);
  });
});
