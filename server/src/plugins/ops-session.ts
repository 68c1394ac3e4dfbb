import {
  type BankScope,
  missingPermissionText,
  OPS_TOKEN_HEADER,
  type OpsOperator,
  type Permission,
  RSP,
  rspText,
} from '@loan/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { App } from '../http.ts';
import { allowedBy } from '../lib/networks.ts';
import { findOpsSession, type OpsSession } from '../modules/ops/ops-sessions.ts';
import { grantsOf } from '../modules/ops/roles.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A console route: `open` (the sign-in steps: no session yet) or `operator` (an ACTIVE console session),
     * with the permission it needs (null: any signed-in operator).
     */
    ops?: { access: 'open' } | { access: 'operator'; permission: Permission | null };
  }
  interface FastifyRequest {
    operator: SignedInOperator | null;
  }
}

export interface SignedInOperator extends OpsOperator {
  id: number;
  /** 数据范围: the banks whose borrowers the operator sees (null: all), read with the permissions */
  bankScope: BankScope;
  tokenHash: string;
  session: OpsSession;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const HEADER = OPS_TOKEN_HEADER.toLowerCase();

/**
 * The console's guard, before anything else of a console route runs: the address must be in OPS_ALLOWED_CIDRS
 * when that is set (403 / 2304), a route for operators needs a live console session in the `opsToken` header
 * (401; a borrower's accessToken is no such thing), and the route's permission among the operator's roles'
 * (403 / 2301 saying which).
 */
export function registerOpsSession(app: App, ctx: AppContext): void {
  app.decorateRequest('operator', null);
  const networks = ctx.config.opsAllowedCidrs;
  app.addHook('onRequest', async (request) => {
    const ops = request.routeOptions.config.ops;
    if (!ops) return;
    if (networks !== null && !allowedBy(networks, request.ip)) {
      throw new ForbiddenError(RSP.OPS_NETWORK_NOT_ALLOWED, rspText(RSP.OPS_NETWORK_NOT_ALLOWED));
    }
    if (ops.access === 'open') return;
    const token = request.headers[HEADER];
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) throw new UnauthorizedError();
    const session = await findOpsSession(ctx.db, token, 'ACTIVE', ctx.now());
    if (!session || session.operator.disabled) throw new UnauthorizedError();
    const grants = await grantsOf(ctx.db, session.operator.id);
    if (ops.permission !== null && !grants.permissions.includes(ops.permission)) {
      throw new ForbiddenError(RSP.OPS_FORBIDDEN, missingPermissionText(ops.permission));
    }
    const { operator } = session;
    request.operator = {
      id: operator.id,
      loginId: operator.loginId,
      name: operator.name,
      ...grants,
      tokenHash: session.tokenHash,
      session,
    };
  });
}

/** The operator of a console route for operators (set by the hook above). */
export function currentOperator(request: FastifyRequest): SignedInOperator {
  if (!request.operator) throw new Error('route is missing config.ops');
  return request.operator;
}
