import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/http.ts';
import { REQUEST_ID_HEADER } from '../src/plugins/request-id.ts';
import { REQUEST_ID_ATTRIBUTE, registerTelemetry } from '../src/plugins/telemetry.ts';
import { cipher, createTestApp, PRODUCTION_ENV, type TestApp } from './helpers/app.ts';
import { configProblems } from './helpers/config.ts';

// nothing listens there: the spans go to the in-memory exporter instead
const OTEL_ENV = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

/** Whether a tracer provider is registered: without one every span is a no-op that records nothing. */
function tracing(): boolean {
  const span = trace.getTracer('probe').startSpan('probe');
  const recording = span.isRecording();
  span.end();
  return recording;
}

describe('with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  const exporter = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor(exporter);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: OTEL_ENV, telemetry: { spanProcessors: [processor] } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const request = async (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}) => {
    exporter.reset();
    const res = await t.app.inject({ method, url, remoteAddress: '127.0.0.1', ...extra });
    // a span goes out once the resource's attributes are known (the host's, the process's: read asynchronously)
    await processor.forceFlush();
    return { res, spans: exporter.getFinishedSpans() };
  };
  const requestSpan = (spans: ReadableSpan[]) => {
    const found = spans.filter((span) => span.attributes['fastify.root'] === '@fastify/otel');
    expect(found).toHaveLength(1);
    return found[0] as ReadableSpan;
  };

  it('registers @fastify/otel', () => {
    expect(t.app.hasPlugin('@fastify/otel')).toBe(true);
  });

  it('gives a request a span named by its route, with the status code and the request id', async () => {
    const { res, spans } = await request('POST', '/api/application_vue/userLogin', {
      payload: { loginId: 'telemetry-nobody', password: cipher('wrong-password-1') },
    });
    const span = requestSpan(spans);
    expect(span.name).toBe('POST /api/application_vue/userLogin');
    expect(span.attributes['http.route']).toBe('/api/application_vue/userLogin');
    expect(span.attributes['http.request.method']).toBe('POST');
    expect(span.attributes['http.response.status_code']).toBe(res.statusCode);
    const requestId = res.headers[REQUEST_ID_HEADER];
    expect(typeof requestId).toBe('string');
    expect(span.attributes[REQUEST_ID_ATTRIBUTE]).toBe(requestId);
    // the handler's span, below the request's, with the id too
    const handler = spans.find((s) => s.attributes['fastify.type'] === 'request-handler');
    expect(handler?.parentSpanContext?.spanId).toBe(span.spanContext().spanId);
    expect(handler?.attributes[REQUEST_ID_ATTRIBUTE]).toBe(requestId);
    // the service's name
    expect(span.resource.attributes['service.name']).toBe('loan-portal');
  });

  it('keeps the path without its query, and a refusal’s status code', async () => {
    const { res, spans } = await request('GET', '/api/loanMgr/loanRecordDetail?rowId=12345');
    expect(res.statusCode).toBe(401);
    const span = requestSpan(spans);
    expect(span.attributes['url.path']).toBe('/api/loanMgr/loanRecordDetail');
    expect(span.attributes['http.response.status_code']).toBe(401);
    expect(JSON.stringify(span.attributes)).not.toContain('12345');
  });

  it('follows the caller’s traceparent', async () => {
    const { spans } = await request('GET', '/api/users/getUserInfo', {
      headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    });
    const span = requestSpan(spans);
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(PARENT_ID);
  });

  it('traces a request no route has, named by its method only', async () => {
    const { res, spans } = await request('GET', '/api/nothing/here/98765');
    expect(res.statusCode).toBe(404);
    const span = requestSpan(spans);
    expect(span.name).toBe('GET');
    expect(span.attributes['http.route']).toBeUndefined();
    expect(span.attributes['http.response.status_code']).toBe(404);
    expect(span.attributes[REQUEST_ID_ATTRIBUTE]).toBe(res.headers[REQUEST_ID_HEADER]);
  });

  it('leaves the health checks and /metrics out', async () => {
    for (const url of ['/api/health', '/api/health/ready', '/metrics']) {
      const { res, spans } = await request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(spans, url).toEqual([]);
    }
  });
});

describe('the SDK', () => {
  it('is taken down with the app: no tracer provider is left behind', async () => {
    const exporter = new InMemorySpanExporter();
    const processor = new SimpleSpanProcessor(exporter);
    const app = Fastify() as unknown as App;
    try {
      const telemetry = await registerTelemetry(app, loadConfig(OTEL_ENV), { spanProcessors: [processor] });
      expect(tracing()).toBe(true);
      // one app at a time: the SDK's state is the process's
      await expect(
        registerTelemetry(Fastify() as unknown as App, loadConfig(OTEL_ENV), { spanProcessors: [] }),
      ).rejects.toThrow('one app at a time');
      // a job run's span, after the run: its queue, outcome, run id (its log lines' runId) and duration
      telemetry?.onJobRun('notice-delivery', 'failed', 40, 'job:notice-delivery:7f3a');
      await processor.forceFlush();
      const job = exporter.getFinishedSpans().find((span) => span.name === 'job notice-delivery');
      expect(job?.attributes).toEqual({
        'loan.job.queue': 'notice-delivery',
        'loan.job.outcome': 'failed',
        'loan.job.run_id': 'job:notice-delivery:7f3a',
      });
      expect(job?.status.code).toBe(SpanStatusCode.ERROR);
      expect((job?.duration[0] ?? 0) * 1000 + (job?.duration[1] ?? 0) / 1e6).toBeCloseTo(40, -1);
    } finally {
      await app.close();
    }
    expect(tracing()).toBe(false);
  });
});

describe('over OTLP/HTTP', () => {
  it('sends the spans to the endpoint, at the latest when the app closes', async () => {
    const received: Array<{ url: string | undefined; type: string | undefined; body: string }> = [];
    const collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          url: req.url,
          type: req.headers['content-type'],
          body: Buffer.concat(chunks).toString(),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    try {
      // the close waits for the export however busy the machine (the server's own budget is 2 s)
      const t = await createTestApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
        telemetry: { flushMs: 120_000 },
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/users/getUserInfo' });
      await t.close();
      expect(received.map((r) => r.url)).toContain('/v1/traces');
      const body = received.map((r) => r.body).join('\n');
      expect(body).toContain('GET /api/users/getUserInfo');
      expect(body).toContain('loan-portal');
      expect(body).toContain(String(res.headers[REQUEST_ID_HEADER]));
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
    expect(tracing()).toBe(false);
  });
});

describe('without an OTLP endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads nothing: no plugin, no request decorator, no tracer provider', async () => {
    expect(t.config.telemetry).toBeNull();
    expect(t.app.hasPlugin('@fastify/otel')).toBe(false);
    expect(t.app.hasRequestDecorator('opentelemetry')).toBe(false);
    expect(tracing()).toBe(false);
    expect(await registerTelemetry(t.app, t.config)).toBeNull();
  });
});

describe('the OTEL_* settings', () => {
  it('send the traces to the base endpoint’s /v1/traces, or to the traces endpoint as given', () => {
    expect(loadConfig(OTEL_ENV).telemetry).toEqual({
      tracesUrl: 'http://127.0.0.1:4318/v1/traces',
      serviceName: 'loan-portal',
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/' }).telemetry?.tracesUrl,
    ).toBe('https://otel.example.com/v1/traces');
    const both = loadConfig({
      ...OTEL_ENV,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom/traces',
      OTEL_SERVICE_NAME: 'loan-portal-staging',
    }).telemetry;
    expect(both).toEqual({
      tracesUrl: 'http://collector:4318/custom/traces',
      serviceName: 'loan-portal-staging',
    });
  });

  it('are off when no endpoint is set, or when OTEL_SDK_DISABLED=true', () => {
    expect(loadConfig({}).telemetry).toBeNull();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'x' }).telemetry).toBeNull();
    expect(loadConfig({ ...OTEL_ENV, OTEL_SDK_DISABLED: 'true' }).telemetry).toBeNull();
  });

  it('stop the server on an endpoint that is not an http(s) URL, in production too', () => {
    for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) {
      for (const value of ['collector:4318', 'localhost', 'grpc://collector:4317', 'http//x']) {
        expect(configProblems({ [name]: value }).join('\n'), value).toContain(`${name} 必须是`);
        expect(configProblems({ ...PRODUCTION_ENV, [name]: value }), value).toEqual([
          expect.stringContaining(`/ ${name} must be an http(s) URL`),
        ]);
      }
    }
    expect(configProblems({ ...PRODUCTION_ENV, ...OTEL_ENV })).toEqual([]);
  });
});
