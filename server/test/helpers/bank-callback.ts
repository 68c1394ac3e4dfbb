import type { BankCallbackResult, BankCode } from '@loan/domain';
import { signBankCallback } from '../../src/modules/bank-callbacks/signature.ts';
import type { TestApp } from './app.ts';

/** A decision callback posted as the bank posts it: signed with the bank's secret at the test clock's time. */
export async function postBankCallback(t: TestApp, bank: BankCode, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(t.clock.now().getTime() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/callbacks/bank/${bank}`,
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': ts,
      'x-bank-signature': signBankCallback(t.config.bankCallbackSecrets[bank], bank, ts, raw),
    },
    payload: raw,
  });
  const json = res.json() as { response: { rspCode: string; rspDesc: string }; result: BankCallbackResult };
  return { status: res.statusCode, ...json };
}
