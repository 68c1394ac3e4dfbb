import { RSP } from '@loan/domain';
import { UI_TEXTS } from '../app/ui-defaults';

/**
 * Why a call failed:
 * - `rsp`: the server answered with a non-"0000" rspCode (a problem the user can act on);
 * - `unauthorized`: HTTP 401, the session is gone;
 * - `http`: another error status (500 …) or an answer that is not an envelope;
 * - `network`: no answer (API down, connection refused);
 * - `timeout`: no answer within the call's time-out;
 * - `cancelled`: the caller gave up (e.g. a query unmounted).
 */
type ApiErrorKind = 'rsp' | 'unauthorized' | 'http' | 'network' | 'timeout' | 'cancelled';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** the rspCode, or a code of this layer for transport failures */
  readonly code: string;
  /** the text to show the user (rspDesc for `rsp`) */
  readonly desc: string;
  readonly status?: number;

  constructor(kind: ApiErrorKind, code: string, desc: string, status?: number) {
    super(desc);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.desc = desc;
    this.status = status;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A business error the page should show next to the form (rspDesc), not a transport failure. */
export const isRspError = (error: unknown): error is ApiError => isApiError(error) && error.kind === 'rsp';

export const transportError = (kind: 'http' | 'network' | 'timeout', status?: number) =>
  new ApiError(
    kind,
    kind === 'http' ? `HTTP_${status ?? 0}` : kind.toUpperCase(),
    UI_TEXTS.networkError,
    status,
  );

export const unauthorizedError = () =>
  new ApiError('unauthorized', RSP.SESSION_EXPIRED, UI_TEXTS.sessionExpired, 401);
