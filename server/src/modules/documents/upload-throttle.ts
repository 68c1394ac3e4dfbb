import { RSP } from '@loan/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { ApiError } from '../../lib/api-error.ts';

const MINUTE_MS = 60_000;
export const REFUSAL_WINDOW_MS = 15 * 60_000;

/** Refusals of the file itself (its form, type, size or content): each cost the server its reading and checks. */
const COUNTED_REFUSALS: ReadonlySet<string> = new Set([
  RSP.FILE_TYPE_NOT_ALLOWED,
  RSP.FILE_TOO_LARGE,
  RSP.UPLOAD_FORM_INVALID,
  RSP.UPLOAD_ONE_FILE_ONLY,
  RSP.UPLOAD_KIND_INVALID,
  RSP.IMAGE_INVALID,
  RSP.IMAGE_TOO_MANY_PIXELS,
  RSP.IMAGE_TRUNCATED,
  RSP.PDF_INVALID,
  RSP.PDF_ACTIVE_CONTENT,
  RSP.PDF_EMBEDDED_FILES,
  RSP.PDF_ENCRYPTED,
]);

export const uploadRateKey = (userId: number) => `upload:${userId}`;
export const refusalKey = (userId: number) => `upload-refused:${userId}`;

export interface UploadThrottle {
  /**
   * Admits one upload of the borrower or refuses it, before its file is read: a borrower with too many refused
   * uploads in 15 minutes (2017), with UPLOADS_AT_ONCE (2) uploads in progress (2015), or past the uploads of the minute (2016).
   * The function returned gives the place back (call it once the upload is answered).
   */
  admit(request: FastifyRequest, userId: number): Promise<() => void>;
  /** Counts the refusal against the borrower when it is one of the file itself; other errors are not counted. */
  countRefusal(request: FastifyRequest, userId: number, error: unknown): Promise<void>;
}

/**
 * The limits of POST /users/uploadDocument per borrower. The uploads of the minute and the refused uploads are
 * counted by @fastify/rate-limit in the app's shared store (Redis or the database), so every server sees the
 * same counts; the uploads in progress are counted in this process (UPLOADS_AT_ONCE, 2, is per server). A store
 * that fails lets the upload through, logged, as the sign-in limits do.
 */
export function createUploadThrottle(app: App, ctx: AppContext): UploadThrottle {
  const inProgress = new Map<number, number>();
  const userOf = (request: FastifyRequest) =>
    (request as FastifyRequest & { uploadUserId: number }).uploadUserId;
  const perMinute = app.createRateLimit({
    max: ctx.config.uploadsPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => uploadRateKey(userOf(request)),
  });
  const refusals = app.createRateLimit({
    max: ctx.config.uploadRefusalsPer15Minutes,
    timeWindow: REFUSAL_WINDOW_MS,
    keyGenerator: (request) => refusalKey(userOf(request)),
  });

  /** The verdict of a limit, or undefined (let through) when its store fails. */
  async function verdictOf(request: FastifyRequest, check: typeof perMinute, increment: boolean) {
    try {
      return await check(request, { increment });
    } catch (error) {
      request.log.warn({ err: error }, 'upload rate-limit store failed; upload let through');
      return undefined;
    }
  }

  function take(userId: number): () => void {
    const held = inProgress.get(userId) ?? 0;
    if (held >= ctx.config.uploadsAtOnce) throw new ApiError(RSP.UPLOADS_IN_FLIGHT);
    inProgress.set(userId, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (inProgress.get(userId) ?? 1) - 1;
      if (left > 0) inProgress.set(userId, left);
      else inProgress.delete(userId);
    };
  }

  return {
    async admit(request, userId) {
      Object.assign(request, { uploadUserId: userId });
      // the place is taken before the first await: two uploads cannot both see one place free
      const release = take(userId);
      try {
        const refused = await verdictOf(request, refusals, false);
        if (refused && !refused.isAllowed && refused.remaining <= 0) {
          throw new ApiError(RSP.UPLOADS_REFUSED_TOO_OFTEN);
        }
        const minute = await verdictOf(request, perMinute, true);
        if (minute && !minute.isAllowed && minute.isExceeded) throw new ApiError(RSP.UPLOADS_TOO_OFTEN);
        return release;
      } catch (error) {
        release();
        throw error;
      }
    },
    async countRefusal(request, userId, error) {
      if (!(error instanceof ApiError) || !COUNTED_REFUSALS.has(error.rspCode)) return;
      Object.assign(request, { uploadUserId: userId });
      await verdictOf(request, refusals, true);
    },
  };
}
