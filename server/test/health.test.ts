import { API, RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { pendingMigrations } from '../src/db/migration-status.ts';
import type { Lifecycle } from '../src/modules/health/routes.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
const lifecycle: Lifecycle = { draining: false };

beforeAll(async () => {
  t = await createTestApp({ lifecycle });
});
afterAll(async () => t.close());

const get = (app: TestApp['app'], path: string) => app.inject({ method: 'GET', url: `/api${path}` });

describe('health', () => {
  it('/health: alive, no session needed', async () => {
    const res = await get(t.app, API.health);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: { rspCode: RSP.OK, rspDesc: '成功' }, result: { alive: true } });
  });

  it('/health/ready: ready when the database answers and every migration is applied', async () => {
    expect(await pendingMigrations(t.db)).toEqual([]);
    const res = await get(t.app, API.healthReady);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ ready: true, database: true, migrations: true, draining: false });
  });

  it('/health/ready: 503 while draining, alive still answers', async () => {
    lifecycle.draining = true;
    try {
      const res = await get(t.app, API.healthReady);
      expect(res.statusCode).toBe(503);
      expect(res.json().response.rspDesc).toBe('服务正在停止');
      expect(res.json().result.ready).toBe(false);
      expect((await get(t.app, API.health)).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });
});

describe('readiness of a database the migrations have not reached', () => {
  it('names every migration as pending and answers 503', async () => {
    const empty = await openDatabase({ databaseUrl: null, dataDir: null });
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db: empty.db, logger: false });
    try {
      expect((await pendingMigrations(empty.db)).length).toBeGreaterThan(0);
      const res = await get(app, API.healthReady);
      expect(res.statusCode).toBe(503);
      expect(res.json().result).toMatchObject({ ready: false, database: true, migrations: false });
      expect(res.json().response.rspDesc).toBe('数据库迁移尚未执行');
    } finally {
      await app.close();
      await empty.close();
    }
  });
});
