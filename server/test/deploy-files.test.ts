import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { SECRETS } from '../src/config-secrets.ts';
import { PRODUCTION_ENV } from './helpers/app.ts';
import { configProblems } from './helpers/config.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** deploy/production.env.example's settings: NAME=value lines, comments left out */
function exampleSettings(): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of read('deploy/production.env.example').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) settings.set(match[1], match[2] ?? '');
  }
  return settings;
}

describe('deploy/production.env.example', () => {
  it('names every setting production refuses to start without', () => {
    const named = exampleSettings();
    const problems = configProblems({ NODE_ENV: 'production' });
    expect(problems.length).toBeGreaterThan(10);
    for (const line of problems) {
      const name = /^([A-Z][A-Z0-9_]*)/.exec(line)?.[1];
      expect(name, line).toBeDefined();
      expect(named.has(name as string), `${name} is missing from the example`).toBe(true);
    }
  });

  it('filled in as it says (its given values, the blank ones set), starts in production', () => {
    const env: Record<string, string> = { NODE_ENV: 'production' };
    for (const [name, value] of exampleSettings()) {
      if (value) env[name] = value;
      else if (!name.endsWith('_OLD_KEYS')) env[name] = PRODUCTION_ENV[name] ?? '';
    }
    expect(configProblems(env)).toEqual([]);
    expect(loadConfig(env).sandbox).toBe(true);
  });
});

describe('the container image', () => {
  const dockerfile = read('Dockerfile');

  it('bakes no secret in and runs as the unprivileged user in production', () => {
    for (const secret of SECRETS) expect(dockerfile).not.toContain(secret.variable);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
  });

  it('checks the readiness path the server answers, and starts as npm start does', () => {
    expect(dockerfile).toContain(`/api${API.healthReady}`);
    expect(dockerfile).toMatch(/^CMD \["node", "scripts\/start\.mjs"\]$/m);
  });

  it('is behind a balancer that checks the same readiness path', () => {
    expect(read('deploy/haproxy.cfg')).toContain(`option httpchk GET /api${API.healthReady}`);
    expect(read('compose.yaml')).toContain('deploy/haproxy.cfg');
  });
});
