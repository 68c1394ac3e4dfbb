import type { RspCode } from '@loan/domain';

/** A problem the user can act on: answered as HTTP 200 with this rspCode (and rspDesc, or the catalogue text). */
export class ApiError extends Error {
  constructor(
    readonly rspCode: RspCode,
    readonly rspDesc?: string,
  ) {
    super(rspDesc ?? rspCode);
    this.name = 'ApiError';
  }
}
