import type { AddressInfo } from 'node:net';
import { closeOpsListener, startOpsListener } from '../../src/plugins/ops-listener.ts';
import { createTestApp, type TestApp } from './app.ts';

export interface TwoListeners {
  t: TestApp;
  /** the public listener (PORT) */
  publicBase: string;
  /** the console's own listener (OPS_PORT) */
  opsBase: string;
  close(): Promise<void>;
}

/**
 * A test app with the console on a listener of its own, as OPS_PORT makes it: OPS_PORT switches the split on, and
 * both listeners take free ports on 127.0.0.1.
 */
export async function startTwoListeners(env: Record<string, string> = {}): Promise<TwoListeners> {
  const t = await createTestApp({ env: { OPS_PORT: '3999', ...env } });
  const publicBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ops = await startOpsListener(t.app, { port: 0, host: '127.0.0.1' });
  return {
    t,
    publicBase,
    opsBase: `http://127.0.0.1:${(ops.address() as AddressInfo).port}`,
    async close() {
      await closeOpsListener(ops);
      await t.close();
    },
  };
}
