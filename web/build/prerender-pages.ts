import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { build, type InlineConfig, type Plugin } from 'vite';

/** What index.html holds inside #root until the app renders: the boot spinner, between these marks. */
const ROOT_CONTENT = /<div id="root"><!--boot-->[\s\S]*?<!--\/boot--><\/div>/;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * A page rendered ahead paints from its HTML and its stylesheet alone, so its scripts wait for that first paint
 * instead of sharing the line with the stylesheet: the app's entry is imported by a small script once the page
 * has painted (a frame, then a task), and the page's HTML asks for nothing else ahead. Returns the page's HTML and
 * that script (a hashed asset).
 */
function scriptsAfterPaint(page: string): { html: string; starter: { name: string; code: string } } {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) throw new Error('index.html: no module entry script');
  const code =
    '// the sign-in page paints from its HTML first; the app starts loading after that paint (build/prerender-pages.ts)\n' +
    `requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entry)})));\n`;
  const name = `assets/start-after-paint-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  const html = page
    .replace(MODULE_PRELOADS, '')
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="/${name}"></script>`);
  return { html, starter: { name, code } };
}

/** What src/prerender.tsx exports, built for Node. */
interface PrerenderModule {
  PRERENDERED_PAGES: Readonly<Record<string, string>>;
  PRERENDERED_ATTRIBUTE: string;
  renderPage: (path: string) => Promise<string>;
}

function writeCompressed(path: string, text: string) {
  writeFileSync(path, text);
  const bytes = Buffer.from(text);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * After the browser build: renders the pages of src/app/prerendered.ts to HTML (src/prerender.tsx, built for
 * Node with the same definitions) and writes each as a copy of index.html whose #root holds the page, with its
 * .br and .gz, and dist/prerendered.json (path → file) for the server. A phone then paints the sign-in page from
 * the HTML and the stylesheet, before the scripts have loaded (they load after that paint); main.tsx hydrates it.
 */
export function prerenderPages(nodeBuild: () => InlineConfig): Plugin {
  let outDir = '';
  let root = '';
  let skip = true;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr) || config.build.write === false;
    },
    async closeBundle() {
      if (skip) return;
      const serverOut = mkdtempSync(join(tmpdir(), 'loan-prerender-'));
      try {
        const base = nodeBuild();
        await build({
          ...base,
          configFile: false,
          root,
          logLevel: 'warn',
          ssr: { noExternal: true },
          build: { ssr: 'src/prerender.tsx', outDir: serverOut, emptyOutDir: true, minify: false },
        });
        const module = (await import(pathToFileURL(join(serverOut, 'prerender.js')).href)) as PrerenderModule;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!ROOT_CONTENT.test(template))
          throw new Error('index.html: #root has no <!--boot--> … <!--/boot--> marks');
        const written: Record<string, string> = {};
        for (const [path, file] of Object.entries(module.PRERENDERED_PAGES)) {
          const html = await module.renderPage(path);
          const page = template.replace(
            ROOT_CONTENT,
            () => `<div id="root" ${module.PRERENDERED_ATTRIBUTE}="${path}">${html}</div>`,
          );
          const { html: painted, starter } = scriptsAfterPaint(page);
          writeFileSync(join(outDir, starter.name), starter.code);
          writeCompressed(join(outDir, file), painted);
          written[path] = file;
        }
        writeFileSync(join(outDir, 'prerendered.json'), `${JSON.stringify(written, null, 2)}\n`);
      } finally {
        rmSync(serverOut, { recursive: true, force: true });
      }
    },
  };
}
