import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';
import type { App } from '../http.ts';
import { inWorkScope } from '../lib/work-scope.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id we take from a trusted proxy: at most 128 of letters, digits and `. _ : -`. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether the peer is a proxy TRUST_PROXY trusts: the same rule (proxy-addr) as Fastify's `request.ip`. */
function trustedPeer(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (typeof trustProxy === 'function') return (address) => trustProxy(address, 0);
  if (trustProxy === true) return () => true;
  if (!trustProxy) return () => false;
  const trust = proxyAddr.compile(trustProxy.split(',').map((part) => part.trim()));
  return (address) => trust(address, 0);
}

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy (TRUST_PROXY) passes on, when it is sane; anything
 * else (no proxy, a client's own header, a malformed value) gets a new random id. Fastify binds it as `reqId`
 * on the request's logger.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const peer = req.socket?.remoteAddress;
    if (typeof given === 'string' && SANE_ID.test(given) && peer !== undefined && trusted(peer)) return given;
    return randomUUID();
  };
}

/**
 * Registered first: every answer carries `X-Request-Id` (refusals and 404s too), and the request's work runs in
 * its scope (lib/work-scope.ts), so `ctx.log` lines carry the id and a partner call it claims records it. The
 * scope is entered again before validation: a body is read in the socket's async context, not the request's.
 */
export function registerRequestId(app: App): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    inWorkScope({ requestId: request.id, log: request.log }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    inWorkScope({ requestId: request.id, log: request.log }, done);
  });
}
