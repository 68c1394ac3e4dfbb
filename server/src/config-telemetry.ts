type Env = Record<string, string | undefined>;

/** The service name traces carry unless OTEL_SERVICE_NAME says otherwise. */
export const DEFAULT_SERVICE_NAME = 'loan-portal';

export interface TelemetrySettings {
  /**
   * OpenTelemetry traces, sent over OTLP/HTTP: on when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL) or
   * OTEL_EXPORTER_OTLP_ENDPOINT (a base URL, `/v1/traces` added) is set and OTEL_SDK_DISABLED is not `true`;
   * null: nothing of OpenTelemetry is loaded (plugins/telemetry.ts)
   */
  telemetry: { tracesUrl: string; serviceName: string } | null;
}

/** The URL of an http(s) endpoint, or null when the value is not one. */
function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The traces' settings, each problem one line (Chinese / English) added to `problems`. */
export function readTelemetrySettings(env: Env, problems: string[]): TelemetrySettings {
  const tracesEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const baseEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  let tracesUrl: string | null = null;
  for (const [name, value] of [
    ['OTEL_EXPORTER_OTLP_ENDPOINT', baseEndpoint],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', tracesEndpoint],
  ] as const) {
    if (!value) continue;
    const url = httpUrl(value);
    if (!url) {
      problems.push(
        `${name} 必须是 http:// 或 https:// 开头的地址，例如 http://otel-collector:4318 / ${name} must be an http(s) URL, e.g. http://otel-collector:4318`,
      );
      continue;
    }
    // the traces' own endpoint as given; the base one with the OTLP/HTTP traces path, as the SDK would
    tracesUrl =
      name === 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' ? url.href : `${value.replace(/\/+$/, '')}/v1/traces`;
  }
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  if (!tracesUrl || disabled) return { telemetry: null };
  return { telemetry: { tracesUrl, serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME } };
}
