import type { App } from '../http.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Ant Design writes its CSS-in-JS into <style> elements
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Security headers on every response; API answers are never cached. */
export function registerSecurityHeaders(app: App, apiBase: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
    if (request.url.startsWith(`${apiBase}/`)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
