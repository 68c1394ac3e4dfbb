import fastifyHelmet from '@fastify/helmet';
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

/**
 * Security headers on every answer through @fastify/helmet: the CSP above, nosniff, no referrer,
 * frames denied, same-origin opener, and Strict-Transport-Security when `hsts` (production on an https
 * PUBLIC_URL); the other Helmet headers are not sent. API answers are never cached, whatever a handler said.
 */
export async function registerSecurityHeaders(app: App, apiBase: string, hsts = false): Promise<void> {
  await app.register(fastifyHelmet, {
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
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith(`${apiBase}/`)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
