import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, loggerOptions } from '../src/logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      );
      done();
    },
  });
  const { stream: _s, ...options } = loggerOptions({ logLevel: level }, stream);
  const logger = pino(options, stream) as unknown as FastifyBaseLogger;
  const child = vi.spyOn(logger, 'child');
  return { logger, lines, child };
}

describe("a request's logger makes its pino child only when it logs", () => {
  it('at a disabled level: nothing written, no child made', () => {
    const { logger, lines, child } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'r-1' }, {});
    log.info({ phone: '13800000001' }, 'incoming request');
    log.debug('detail');
    log.trace('more');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('at an enabled level: one child, bound to the request id, its redaction kept', () => {
    const { logger, lines, child } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'r-2' }, {});
    log.warn({ user: { phone: '13800000001' } }, 'first');
    log.error('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['first', 'r-2'],
      ['second', 'r-2'],
    ]);
    expect(lines[0]?.user).toEqual({ phone: '[redacted]' });
  });

  it("a route's own level: its child at once, with that level", () => {
    const { logger, lines, child } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'r-3' }, { level: 'debug' });
    expect(child).toHaveBeenCalledTimes(1);
    log.debug('seen at debug');
    expect(lines.map((l) => l.msg)).toEqual(['seen at debug']);
    expect(log.level).toBe('debug');
  });

  it('a child of the request logger carries both bindings', () => {
    const { logger, lines } = capture('info');
    const log = lazyChildLogger(logger, { reqId: 'r-4' }, {});
    log.child({ job: 'j-1' }).info('from the child');
    expect(lines.map((l) => [l.msg, l.reqId, l.job])).toEqual([['from the child', 'r-4', 'j-1']]);
  });
});
