import { describe, expect, it } from 'vitest';
import { baseURL } from './support.ts';

// What the browser tests drive is what `npm start` serves: the production bundle. A development build carries
// React's development runtime (jsxDEV from react/jsx-dev-runtime, the development builds of react-dom).
const DEVELOPMENT_MARKERS = ['jsxDEV', 'jsx-dev-runtime', 'react-dom.development', 'react-jsx-dev-runtime'];

/** Script URLs an HTML page or a JS chunk refers to: `<script src>`, modulepreload links, static and lazy imports. */
function scriptRefs(text: string): string[] {
  const refs = new Set<string>();
  for (const m of text.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)) if (m[1]) refs.add(m[1]);
  for (const m of text.matchAll(/["'`](?:\.\/|\/?assets\/)([\w$~.-]+\.js)["'`]/g))
    if (m[1]) refs.add(`/assets/${m[1]}`);
  return [...refs];
}

/** Every JS file reachable from the served index page, with its text. */
async function servedScripts(): Promise<Map<string, string>> {
  const index = await fetch(`${baseURL()}/`);
  expect(index.status).toBe(200);
  const scripts = new Map<string, string>();
  const queue = scriptRefs(await index.text());
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (scripts.has(path)) continue;
    const res = await fetch(`${baseURL()}${path}`);
    expect(res.status, path).toBe(200);
    const text = await res.text();
    scripts.set(path, text);
    queue.push(...scriptRefs(text));
  }
  return scripts;
}

describe('the served web app', () => {
  it('is a production build: no React development runtime in any chunk', async () => {
    const scripts = await servedScripts();
    // the entry, the vendor code and the lazy routes' chunks were all reached
    expect(scripts.size).toBeGreaterThan(5);
    const bytes = [...scripts.values()].reduce((sum, text) => sum + text.length, 0);
    expect(bytes).toBeGreaterThan(500_000);
    const react = [...scripts.values()].some((text) => text.includes('react.transitional.element'));
    expect(react, 'React itself is in the bundle').toBe(true);
    for (const [path, text] of scripts) {
      for (const marker of DEVELOPMENT_MARKERS)
        expect(text.includes(marker), `${marker} in ${path}`).toBe(false);
    }
  });
});
