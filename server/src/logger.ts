import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** Never logged: passwords (plain or cipher), tokens, tickets, cookies. */
const SECRET_PATHS = [
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

/**
 * Personal data, never logged at any level: phone numbers, e-mail addresses, ID and card numbers, names, and
 * bodies (a request's or a message's, which carry verification codes). Redacted wherever they sit one or two
 * levels down in a logged object (`{ phone }`, `{ outbox: { recipient, body } }`). A bare `code` is left alone:
 * errors carry theirs (SQLSTATE, Fastify's) and a verification code only travels in a body.
 */
const PERSONAL_KEYS = [
  'phone',
  'mobile',
  'legalPhone',
  'email',
  'recipient',
  'target',
  'smsCode',
  'idNumber',
  'bankCardNo',
  'accountNo',
  'legalName',
  'body',
];

const REDACT_PATHS = [...SECRET_PATHS, ...PERSONAL_KEYS.flatMap((key) => [`*.${key}`, `*.*.${key}`])];

/**
 * Query parameters whose values may be logged: paging, filters and ids. Any other value in a request line is
 * replaced, so a new parameter carrying a phone number, an e-mail address, a code or a token is never logged.
 */
const LOGGABLE_QUERY = new Set([
  'limit',
  'cursor',
  'pageSize',
  'pageNum',
  'page',
  'status',
  'state',
  'type',
  'bank',
  'bankCode',
  'productCode',
  'rowId',
  'loanId',
  'id',
  'startDate',
  'endDate',
  'channel',
  'kind',
  'version',
]);

/** The request line with only LOGGABLE_QUERY values kept (e.g. /directLogin?ticket=[redacted]). */
function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return LOGGABLE_QUERY.has(safeDecode(name)) ? pair : `${name}=[redacted]`;
    });
  return `${url.slice(0, at + 1)}${query.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
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

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** pino's loggers say which levels are on; Fastify's stand-in without a logger does not (every call goes through) */
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * Fastify's childLoggerFactory: a request's logger whose pino child (bound to the request id) is made only when
 * something is logged through it at an enabled level (at once when the route sets a level of its own). Making a
 * child runs every binding through the redaction of the wildcard paths above (`*.phone`, …), which cost a call
 * that logs nothing (LOG_LEVEL=warn, the common case of a call that goes well) more than its session lookup's
 * mapping.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(logger as LevelAware, bindings, options) as unknown as FastifyBaseLogger;
}

/** A class, not an object of closures: made for every request, its methods are made once (the prototype's). */
class LazyChild {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly logger: LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    if (options.level) this.real();
  }

  private real(): FastifyBaseLogger {
    this.made ??= this.logger.child(this.bindings, this.options);
    return this.made;
  }

  private emit(name: LevelName, args: unknown[]): void {
    const target = this.made ?? ((this.logger.isLevelEnabled?.(name) ?? true) ? this.real() : null);
    if (target) (target[name] as (...a: unknown[]) => void).apply(target, args);
  }

  get level(): string {
    return this.made?.level ?? this.logger.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  silent(): void {}

  child(more: Bindings, moreOptions?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(more, moreOptions);
  }

  fatal(...args: unknown[]): void {
    this.emit('fatal', args);
  }

  error(...args: unknown[]): void {
    this.emit('error', args);
  }

  warn(...args: unknown[]): void {
    this.emit('warn', args);
  }

  info(...args: unknown[]): void {
    this.emit('info', args);
  }

  debug(...args: unknown[]): void {
    this.emit('debug', args);
  }

  trace(...args: unknown[]): void {
    this.emit('trace', args);
  }
}
