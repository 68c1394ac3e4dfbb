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

/** Helmet lacks this one. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/**
 * Security headers on every answer through @fastify/helmet: the CSP above, nosniff, no referrer,
 * frames denied, same-origin opener; the other Helmet headers are not sent (as before). API answers are
 * never cached, whatever a handler said.
 */
export async function registerSecurityHeaders(app: App, apiBase: string): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
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
