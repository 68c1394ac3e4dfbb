import { API, type RspHeader } from '@loan/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import {
  PAY_SIGNATURE_HEADER,
  PAY_TIMESTAMP_HEADER,
  signNotify,
} from '../../src/modules/payments/signature.ts';
import { cipher } from './app.ts';
import { startServer } from './server-process.ts';

/**
 * Server processes (server/src/main.ts) on the test file's PostgreSQL database, as behind a load balancer:
 * each its own process, pool and job engine, all on one database. Call cleanUpProcessesAfterEach() in the file.
 */
export type Node = Awaited<ReturnType<typeof startServer>>;

/** `count` servers on the worker's database, started one after the other (each migrates, then serves). */
export async function startNodes(count: number, env: Record<string, string> = {}): Promise<Node[]> {
  const nodes: Node[] = [];
  for (let i = 0; i < count; i += 1) nodes.push(await startServer(0, { LOG_LEVEL: 'warn', ...env }));
  return nodes;
}

export interface Answer<T> {
  status: number;
  response: RspHeader;
  result: T;
}

/** One API call over HTTP to a node, as the web client sends it. */
export async function api<T = unknown>(
  node: Pick<Node, 'port'>,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { accessToken: token } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { response: RspHeader; result: T };
  return { status: res.status, response: json.response, result: json.result };
}

/** Signs in on a node (the password enciphered as the login page does) and gives the session token. */
export async function signIn(node: Pick<Node, 'port'>, loginId: string, password: string): Promise<string> {
  const answer = await api<{ accessToken: string }>(node, 'POST', '/application_vue/userLogin', {
    loginId,
    password: cipher(password),
  });
  if (answer.response.rspCode !== '0000')
    throw new Error(`sign-in refused: ${JSON.stringify(answer.response)}`);
  return answer.result.accessToken;
}

/** The payment gateway's signed refund notify, as the gateway posts it. */
export function refundNotify(
  node: Pick<Node, 'port'>,
  secret: string,
  refund: { outTradeNo: string; outRefundNo: string; amount: string },
): Promise<Answer<unknown>> {
  const body = {
    notifyId: `RN-${refund.outRefundNo}`,
    ...refund,
    gatewayRefundNo: `GR${refund.outRefundNo}`,
    refundStatus: 'SUCCESS',
    refundedAt: new Date().toISOString(),
  };
  const timestamp = String(Math.floor(Date.now() / 1000));
  const raw = JSON.stringify(body);
  return api(node, 'POST', API.refundNotify, body, undefined, {
    [PAY_TIMESTAMP_HEADER]: timestamp,
    [PAY_SIGNATURE_HEADER]: signNotify(secret, timestamp, raw),
  });
}

/** One row of a query, typed by the caller. */
export async function one<T>(db: Database, query: string): Promise<T | undefined> {
  const result = await db.execute(sql.raw(query));
  return (result as unknown as { rows: T[] }).rows[0];
}
