import { fail, RSP, type RspCode, rspText, type SupportContact, withSupportContact } from '@loan/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http.ts';
import { ApiError } from '../lib/api-error.ts';
import { type SchemaError, validationMessage } from './validation-messages.ts';

/** Fastify's own client errors (bad body, wrong content type, too large) → our rspCodes. */
const FASTIFY_CODES: Record<string, RspCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: RSP.BAD_REQUEST_BODY,
  FST_ERR_CTP_EMPTY_JSON_BODY: RSP.BAD_REQUEST_BODY,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: RSP.BAD_REQUEST_BODY,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: RSP.BAD_REQUEST_BODY,
  FST_ERR_CTP_BODY_TOO_LARGE: RSP.PAYLOAD_TOO_LARGE,
};

/** 401 answers carry this code (the only HTTP statuses the API uses: 200, 401, 403 on the console's calls, 404, 500). */
export class UnauthorizedError extends Error {
  constructor() {
    super('no valid session');
    this.name = 'UnauthorizedError';
  }
}

/** 403: a signed-in operator without the route's permission, or a network the console is not open to. */
export class ForbiddenError extends Error {
  constructor(
    readonly rspCode: RspCode,
    readonly rspDesc: string,
  ) {
    super(rspDesc);
    this.name = 'ForbiddenError';
  }
}

function send(reply: FastifyReply, status: number, code: RspCode, desc?: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(fail(code, desc));
}

/**
 * Every failure becomes the envelope: a problem the user can act on is HTTP 200 with its rspCode (a text that
 * says 联系客服 gets the customer-service number); 401 no valid session; 404 unknown API route; anything
 * unexpected 500 / 9999 with the request id, logged.
 */
export function registerErrorHandler(app: App, support: SupportContact): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError)
      return send(
        reply,
        200,
        error.rspCode,
        withSupportContact(error.rspDesc ?? rspText(error.rspCode), support),
      );
    if (error instanceof UnauthorizedError) return send(reply, 401, RSP.SESSION_EXPIRED);
    if (error instanceof ForbiddenError) return send(reply, 403, error.rspCode, error.rspDesc);
    if (error.validation) {
      return send(reply, 200, RSP.INVALID_INPUT, validationMessage(error.validation as SchemaError[]));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(reply, 200, mapped);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, 200, RSP.BAD_REQUEST_BODY);
    }
    request.log.error({ err: error }, 'unexpected error');
    reply.header('x-request-id', request.id);
    return send(reply, 500, RSP.SYSTEM_ERROR, `${rspText(RSP.SYSTEM_ERROR)}（请求编号：${request.id}）`);
  });
}

/**
 * Errors Fastify's router raises before any route runs (a malformed URL, a path parameter over 100
 * characters): the same envelope, HTTP 200 with 1001, instead of Fastify's own JSON. Passed to Fastify() as
 * the `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'malformed request');
  // the router refused it before any hook ran: the request id is answered here
  reply.header('x-request-id', request.id);
  return send(reply, 200, RSP.INVALID_INPUT, '请求地址不合法，请检查后重试');
}
