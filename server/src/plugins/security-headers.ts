import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../http.ts';

/** The Content-Security-Policy of every answer (the web app's needs, nothing more). */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Ant Design writes its CSS-in-JS into <style> elements
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** HSTS when the portal is reached over https in production: a year, subdomains included. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: false };

/** Helmet lacks this one. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/** Helmet's options: the CSP above, the headers we send, the others off. */
function helmetOptions(hsts: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: hsts ? HSTS : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The headers Helmet sets with these options, read once: Helmet runs against a response that only records them.
 * They depend on nothing in the request, so every answer gets the same prebuilt set (the Fastify plugin would
 * build Helmet anew for each request).
 */
export function prebuiltSecurityHeaders(hsts: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown = null;
  helmet(helmetOptions(hsts))({} as IncomingMessage, recorder, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Security headers on every answer, as Helmet sets them (prebuiltSecurityHeaders): the CSP above, nosniff, no
 * referrer, frames denied, same-origin opener, and Strict-Transport-Security when `hsts` (production on an https
 * PUBLIC_URL); the other Helmet headers are not sent. API answers are never cached, whatever a handler said.
 */
export async function registerSecurityHeaders(app: App, apiBase: string, hsts = false): Promise<void> {
  const headers = prebuiltSecurityHeaders(hsts);
  const apiPrefix = `${apiBase}/`;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(apiPrefix)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
