import type { OutboxMessage } from '@loan/domain';
import type { App } from '../../src/http.ts';
import { call } from './app.ts';

/** Messages the sandbox sent to a recipient, newest first (through the developer outbox API). */
export async function sentTo(app: App, recipient: string): Promise<OutboxMessage[]> {
  const res = await call<OutboxMessage[]>(app, 'GET', '/dev/outbox', { recipient, limit: 100 });
  return res.result;
}

/** The newest 6-digit code sent to a recipient. */
export async function latestCode(app: App, recipient: string): Promise<string> {
  const [message] = await sentTo(app, recipient);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** A 6-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
