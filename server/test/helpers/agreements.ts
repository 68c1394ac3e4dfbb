import { createHash } from 'node:crypto';
import {
  AGREEMENT_KIND_INFO,
  type AgreementKind,
  type AgreementText,
  type UserReadAgrResult,
} from '@loan/domain';
import { call, type TestApp } from './app.ts';

/** The version in force of each kind: the service agreement's fee clause was rewritten in v2. */
export const LATEST: Record<AgreementKind, string> = {
  GENERAL: 'v1',
  SERVICE: 'v3',
  INFO: 'v1',
  RELEASE: 'v1',
};

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Calls of the agreements API for tests, on the app `app()` answers once it is made. */
export function agreementCalls(app: () => TestApp) {
  return {
    getText: (kind: string, token?: string) =>
      call<AgreementText>(app().app, 'GET', '/users/agreement', { kind }, { token }),
    accept: (text: AgreementText, token: string, overrides: Record<string, unknown> = {}) =>
      call<UserReadAgrResult>(
        app().app,
        'POST',
        '/users/userReadAgr',
        {
          kind: text.kind,
          version: text.version,
          textHash: text.textHash,
          readToken: text.readToken,
          ...overrides,
        },
        { token, headers: { 'user-agent': 'vitest-agent' } },
      ),
    readLongEnough: (kind: AgreementKind) =>
      app().clock.advance(AGREEMENT_KIND_INFO[kind].minReadSeconds * 1000),
  };
}
