import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/** Never logged: passwords (plain or cipher), tokens, tickets, cookies. */
export const REDACT_PATHS = [
  'req.headers.accesstoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.accessToken',
  '*.ticket',
  '*.passwordHash',
  '*.mwsAuthToken',
];

const SECRET_QUERY = /([?&](?:ticket|accessToken|token)=)[^&#]*/gi;

/** The request line without one-time tickets or tokens in the query (e.g. /directLogin?ticket=…). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export interface LoggerOptions {
  level: string;
  redact: { paths: string[]; censor: string };
  serializers: { req: (req: FastifyRequest) => Record<string, unknown> };
  stream?: NodeJS.WritableStream;
}

export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: NodeJS.WritableStream,
): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
    ...(stream ? { stream } : {}),
  };
}
