import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  AGREEMENT_KIND_INFO,
  AGREEMENT_KINDS,
  type AgreementKind,
  type AgreementStatusResult,
  type AgreementText,
  agreementReadingProblem,
  RSP,
  type UserReadAgrRequest,
  type UserReadAgrResult,
} from '@loan/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  type AgreementVersionRow,
  agreementAcceptances,
  agreementVersions,
  type UserRow,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';

/** How long a read token (proof of when the text was served) stays usable. */
export const READ_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const BAD_READ_TOKEN = '阅读凭证无效，请刷新页面后重新阅读';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The current version of every kind that has one (the newest publishedAt; ties: the newest row). */
export async function currentVersions(db: Database): Promise<Map<AgreementKind, AgreementVersionRow>> {
  const rows = await db
    .selectDistinctOn([agreementVersions.kind])
    .from(agreementVersions)
    .where(inArray(agreementVersions.kind, [...AGREEMENT_KINDS]))
    .orderBy(agreementVersions.kind, desc(agreementVersions.publishedAt), desc(agreementVersions.id));
  return new Map(rows.map((row) => [row.kind, row]));
}

async function currentVersion(db: Database, kind: AgreementKind): Promise<AgreementVersionRow> {
  const [row] = await db
    .select()
    .from(agreementVersions)
    .where(eq(agreementVersions.kind, kind))
    .orderBy(desc(agreementVersions.publishedAt), desc(agreementVersions.id))
    .limit(1);
  if (!row) throw new ApiError(RSP.NOT_FOUND, `《${AGREEMENT_KIND_INFO[kind].title}》暂未发布，请稍后再试`);
  return row;
}

/** A published version by its name (v1, v2 …): the text a borrower accepted stays readable as it was. */
async function namedVersion(db: Database, kind: AgreementKind, name: string): Promise<AgreementVersionRow> {
  const [row] = await db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), eq(agreementVersions.version, name)))
    .limit(1);
  if (!row) throw new ApiError(RSP.INVALID_INPUT, `《${AGREEMENT_KIND_INFO[kind].title}》没有版本 ${name}`);
  return row;
}

/** When the user accepted each of these versions (version id → time). */
async function acceptedAtByVersion(
  db: Database,
  userId: number,
  versionIds: number[],
): Promise<Map<number, Date>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .select({ versionId: agreementAcceptances.versionId, acceptedAt: agreementAcceptances.acceptedAt })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.userId, userId), inArray(agreementAcceptances.versionId, versionIds)));
  return new Map(rows.map((r) => [r.versionId, r.acceptedAt]));
}

/**
 * For the applications module: has the user accepted the current version of all four agreements?
 * (A transaction handle has the Database type, so `tx` may be passed.)
 */
export async function agreementsAccepted(db: Database, userId: number): Promise<boolean> {
  const current = await currentVersions(db);
  if (current.size < AGREEMENT_KINDS.length) return false;
  const accepted = await acceptedAtByVersion(
    db,
    userId,
    [...current.values()].map((v) => v.id),
  );
  return accepted.size === AGREEMENT_KINDS.length;
}

// ------------------------------------------------------------------ read tokens

function tokenMac(secret: string, subject: string, servedAtMs: number): string {
  return createHmac('sha256', secret).update(`${subject}.${servedAtMs}`).digest('hex');
}

/**
 * A read token for any text served to a user: when it was served, with an HMAC over what it was (`subject`) and
 * when. Subjects of other texts must not start with a digit (an agreement's is "userId.versionId").
 */
export function issueSubjectReadToken(secret: string, subject: string, servedAt: Date): string {
  const ms = servedAt.getTime();
  return `${ms}.${tokenMac(secret, subject, ms)}`;
}

/** When the text named by `subject` was served, or null when the token is not for it or malformed. */
export function verifySubjectReadToken(secret: string, token: string, subject: string): Date | null {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  const ms = Number(match[1]);
  const expected = Buffer.from(tokenMac(secret, subject, ms), 'hex');
  const given = Buffer.from(match[2] ?? '', 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return new Date(ms);
}

export function issueReadToken(secret: string, userId: number, versionId: number, servedAt: Date): string {
  return issueSubjectReadToken(secret, `${userId}.${versionId}`, servedAt);
}

/** When the text was served to this user for this version, or null when the token is not theirs or malformed. */
function verifyReadToken(secret: string, token: string, userId: number, versionId: number): Date | null {
  return verifySubjectReadToken(secret, token, `${userId}.${versionId}`);
}

// ------------------------------------------------------------------ calls

/** GET /users/agreement: the current text; with a session also the read token and the user's acceptance. */
export async function agreementText(
  ctx: AppContext,
  kind: AgreementKind,
  user: UserRow | null,
  versionName?: string,
): Promise<AgreementText> {
  const current = await currentVersion(ctx.db, kind);
  const version = versionName === undefined ? current : await namedVersion(ctx.db, kind, versionName);
  let readToken = '';
  let acceptedAt: string | null = null;
  if (user) {
    // only the current version can be accepted: an older one is shown to be read, never signed again
    if (version.id === current.id) {
      readToken = issueReadToken(ctx.config.agreementReadSecret, user.id, version.id, ctx.now());
    }
    const accepted = await acceptedAtByVersion(ctx.db, user.id, [version.id]);
    acceptedAt = accepted.get(version.id)?.toISOString() ?? null;
  }
  return {
    kind,
    version: version.version,
    title: version.title,
    body: version.body,
    textHash: version.textHash,
    minReadSeconds: AGREEMENT_KIND_INFO[kind].minReadSeconds,
    readToken,
    acceptedAt,
  };
}

/** POST /users/userReadAgr: records that the user accepted the current version after reading it long enough. */
export async function acceptAgreement(
  ctx: AppContext,
  user: UserRow,
  body: UserReadAgrRequest,
  meta: RequestMeta,
): Promise<UserReadAgrResult> {
  const { kind } = body;
  const now = ctx.now();
  const version = await currentVersion(ctx.db, kind);
  const [named] = await ctx.db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), eq(agreementVersions.version, body.version)))
    .limit(1);
  const servedAt = named
    ? verifyReadToken(ctx.config.agreementReadSecret, body.readToken, user.id, named.id)
    : null;
  if (!named || !servedAt) throw new ApiError(RSP.INVALID_INPUT, BAD_READ_TOKEN);
  const age = now.getTime() - servedAt.getTime();
  if (age < 0 || age > READ_TOKEN_MAX_AGE_MS) throw new ApiError(RSP.INVALID_INPUT, BAD_READ_TOKEN);
  if (named.id !== version.id || body.textHash !== version.textHash) {
    throw new ApiError(RSP.AGREEMENT_VERSION_OUTDATED);
  }
  const problem = agreementReadingProblem(kind, age);
  if (problem) throw new ApiError(problem.code, problem.reason);

  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(agreementAcceptances)
      .values({
        userId: user.id,
        versionId: version.id,
        kind,
        textHash: version.textHash,
        acceptedAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing()
      .returning({ acceptedAt: agreementAcceptances.acceptedAt });
    if (inserted[0]) {
      await recordUserAudit(tx, user, meta, AUDIT.agreementAccepted, now, {
        kind,
        version: version.version,
        textHash: version.textHash,
      });
      return { kind, version: version.version, acceptedAt: inserted[0].acceptedAt.toISOString() };
    }
    const first = await acceptedAtByVersion(tx, user.id, [version.id]);
    const at = first.get(version.id) ?? now;
    return { kind, version: version.version, acceptedAt: at.toISOString() };
  });
}

/** GET /users/agreementStatus: the user's acceptance of each kind's current version. */
export async function agreementStatus(db: Database, userId: number): Promise<AgreementStatusResult> {
  const current = await currentVersions(db);
  const accepted = await acceptedAtByVersion(
    db,
    userId,
    [...current.values()].map((v) => v.id),
  );
  const items = AGREEMENT_KINDS.map((kind) => {
    const info = AGREEMENT_KIND_INFO[kind];
    const version = current.get(kind);
    const at = version ? accepted.get(version.id) : undefined;
    return {
      kind,
      title: version?.title ?? info.title,
      route: info.route,
      version: version?.version ?? '',
      accepted: at !== undefined,
      acceptedAt: at?.toISOString() ?? null,
    };
  });
  return { items, allAccepted: items.every((i) => i.accepted) };
}
