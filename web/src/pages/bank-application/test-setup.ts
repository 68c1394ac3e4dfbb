import { API } from '@loan/domain';
import { within } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { saveLogin, saveStoreCheck, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fakeApi, ok } from '../../test/render';

type Handler = Parameters<typeof fakeApi>[0];

/**
 * The bank application page's tests: each starts signed in with an authorised store, and ends with the API's fake
 * removed and the session cleared. `serve` fakes the API (the client config answering as a sandbox); `api()` is
 * the fake of the running test, with the requests it saw.
 */
export function bankApplicationTests() {
  let current: ReturnType<typeof fakeApi> | undefined;
  beforeEach(() => {
    saveLogin('tok');
    saveUserInfo(DEMO_USER_INFO);
    saveStoreCheck({ shopAuth: '03', storeInfo: { sellerId: 'A1', sellerName: '店' } });
  });
  afterEach(() => {
    current?.restore();
    current = undefined;
    sessionStorage.clear();
  });
  const api = () => {
    if (!current) throw new Error('no API faked in this test: call serve first');
    return current;
  };
  const serve = (handler: Handler) => {
    current = fakeApi((request) =>
      request.url === API.clientConfig ? ok({ sandbox: true }) : handler(request),
    );
    return current;
  };
  return { serve, api };
}

/** A range of rates as the product's summary shows it ("18.00% ~ 19.00%"). */
export const RATE_RANGE = /\d+(\.\d+)?%\s*[~～-]\s*\d/;

/** The value next to the 年化利率 label in a Descriptions grid. */
export const rateCell = (terms: HTMLElement) =>
  within(terms).getByText('年化利率').closest('.ant-descriptions-item-label')?.nextElementSibling;
