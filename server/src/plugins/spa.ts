import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { fail, RSP } from '@loan/domain';
import type { FastifyReply } from 'fastify';
import type { App } from '../http.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** where the operator console is served (console/vite.config.ts `base`) */
export const CONSOLE_PREFIX = '/ops';
const NO_CACHE = 'no-cache';

function cacheHeader(reply: FastifyReply, path: string) {
  reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : NO_CACHE);
}

/** Extensions of files a browser fetches: a missing one is a 404, not the app's index.html. */
const FILE_EXTENSIONS = new Set(
  'js mjs css map json txt xml html ico png jpg jpeg gif svg webp avif woff woff2 ttf otf eot webmanifest wasm pdf'.split(
    ' ',
  ),
);

function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/assets/') || path.startsWith(`${CONSOLE_PREFIX}/assets/`)) return true;
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension !== undefined && FILE_EXTENSIONS.has(extension);
}

/**
 * The pages the build rendered ahead (web/src/app/prerendered.ts): path → the file beside index.html that holds
 * the page's HTML (dist/prerendered.json; none when the build wrote none).
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const path = join(webDist, 'prerendered.json');
  if (!existsSync(path)) return new Map();
  const pages = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(pages).filter(([, file]) => /^[\w-]+\.html$/.test(file)));
}

/**
 * The built web app from WEB_DIST with history fallback: any other GET outside the API that does not
 * ask for a file gets index.html, or the page's own HTML when the build rendered that page ahead. Hashed /assets/* are cached for good, index.html is asked for again each time
 * (no-cache). Files go brotli- or gzip-compressed as the build wrote them, by the browser's Accept-Encoding.
 * The operator console (CONSOLE_DIST) the same way under /ops/, with a fallback of its own.
 * Unknown API routes (and everything else) answer 404 with the envelope (1004).
 */
export async function registerSpa(
  app: App,
  webDist: string,
  apiBase: string,
  consoleDist: string,
): Promise<void> {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  const hasConsole = existsSync(join(consoleDist, 'index.html'));
  const prerendered = hasSpa ? prerenderedPages(webDist) : new Map<string, string>();
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      // the build writes a .br and a .gz beside each file worth compressing (web/vite.config.ts)
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => cacheHeader(reply, path),
    });
  }
  if (hasConsole) {
    // the operator console: its own files under /ops/, its own bundle (none of it in the borrower's pages)
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: `${CONSOLE_PREFIX}/`,
      decorateReply: !hasSpa,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => cacheHeader(reply, path),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === apiBase || request.url.startsWith(`${apiBase}/`);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url);
    const path = request.url.split('?')[0] ?? '';
    const isConsole = path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`);
    if (isConsole && isPage && hasConsole) {
      if (path === CONSOLE_PREFIX) return reply.redirect(`${CONSOLE_PREFIX}/`, 302);
      cacheHeader(reply, 'index.html');
      return reply.sendFile('index.html', consoleDist);
    }
    if (isConsole && isPage) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('运营后台尚未构建：请运行 npm run build。The console is not built: run npm run build.');
    }
    if (!isApi && isPage && hasSpa) {
      const page = prerendered.get(request.url.split('?')[0] ?? '') ?? 'index.html';
      cacheHeader(reply, page);
      return reply.sendFile(page);
    }
    if (!isApi && isPage) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('前端尚未构建：请运行 npm run build。The web app is not built: run npm run build.');
    }
    return reply.code(404).send(fail(RSP.NOT_FOUND));
  });
}
