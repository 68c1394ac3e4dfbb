import {
  type ChangeContactRequest,
  type ChangeContactResult,
  type ContactChannel,
  isEmail,
  isMobilePhone,
  maskEmail,
  maskPhone,
  RSP,
  type SendContactCodeRequest,
  shanghaiMinute,
  withSupportContact,
} from '@loan/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { NOTICE_VALID_MS, type OutgoingMessage } from '../../adapters/outbox/outbox.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type CodePurpose, type UserRow, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { decryptFieldOrFail } from '../../lib/decrypt-field.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { verifyOldPassword } from '../auth/password-change-guard.ts';
import { codeMessage } from '../codes/messages.ts';
import { type CodeTarget, codeRefused, consumeCode, issueCode } from '../codes/service.ts';
import { type Contacts, contactColumns, contactsOf, emailHashOf, phoneHashOf } from '../contacts/contacts.ts';
import { notify } from '../notices/notify.ts';

/**
 * Changing the phone or e-mail of My account: a code goes to the NEW contact (proving the borrower holds it),
 * through the codes module (60 s between sends, daily caps, 5 tries); the right code with the current password
 * (counted toward the lock as on the password change) changes it, the old contact is told through the outbox,
 * the borrower gets the CONTACT_CHANGED notice (masked new value), and both steps are audited with masked values
 * only.
 */

/** The refusal of a wrong current password (2007) on a contact change. */
export const WRONG_PASSWORD_TEXT = '当前登录密码不正确，请重新输入';

const PURPOSE: Readonly<Record<ContactChannel, CodePurpose>> = { sms: 'changePhone', email: 'changeEmail' };

function contactView(contacts: Contacts): ChangeContactResult {
  return {
    phoneMasked: contacts.phone ? maskPhone(contacts.phone) : null,
    emailMasked: contacts.email ? maskEmail(contacts.email) : null,
  };
}

/** The lookup hash of a normalised new contact. */
const hashOf = (ctx: AppContext, channel: ContactChannel, value: string) =>
  channel === 'sms' ? phoneHashOf(ctx.config, value) : emailHashOf(ctx.config, value);

const mask = (channel: ContactChannel, value: string) =>
  channel === 'sms' ? maskPhone(value) : maskEmail(value);

/** The new contact, normalised (an e-mail lowercased), or 1103 / 2203 when it is not a phone / e-mail. */
function normalise(channel: ContactChannel, target: string): string {
  const value = target.trim();
  if (channel === 'sms') {
    if (!isMobilePhone(value)) throw new ApiError(RSP.INVALID_PHONE);
    return value;
  }
  if (!isEmail(value)) throw new ApiError(RSP.INVALID_EMAIL);
  return value.toLowerCase();
}

/** 2201 when it is the current one; 2202 when another user holds it. */
async function assertChangeable(
  ctx: AppContext,
  db: Database,
  user: UserRow,
  channel: ContactChannel,
  value: string,
) {
  const hash = hashOf(ctx, channel, value);
  if ((channel === 'sms' ? user.phoneHash : user.emailHash) === hash)
    throw new ApiError(RSP.CONTACT_UNCHANGED);
  const held = and(eq(channel === 'sms' ? users.phoneHash : users.emailHash, hash), ne(users.id, user.id));
  const [other] = await db.select({ id: users.id }).from(users).where(held).limit(1);
  if (other) throw new ApiError(RSP.CONTACT_TAKEN);
}

/** `<user id>:<lookup hash>`: the codes hold no contact in plain text. */
function codeTarget(ctx: AppContext, user: UserRow, channel: ContactChannel, value: string): CodeTarget {
  return { purpose: PURPOSE[channel], target: `${user.id}:${hashOf(ctx, channel, value)}` };
}

/** POST /account/sendContactCode: a code to the new phone or e-mail (refused before sending when it cannot be used). */
export async function sendContactCode(
  ctx: AppContext,
  user: UserRow,
  body: SendContactCodeRequest,
  meta: RequestMeta,
): Promise<void> {
  const value = normalise(body.channel, body.target);
  await assertChangeable(ctx, ctx.db, user, body.channel, value);
  const now = ctx.now();
  const target = codeTarget(ctx, user, body.channel, value);
  const code = await issueCode(ctx.db, target, now);
  await ctx.outbox.send(codeMessage(target.purpose, body.channel, value, code));
  await recordUserAudit(ctx.db, user, meta, AUDIT.codeSent, now, {
    purpose: target.purpose,
    channel: body.channel,
    to: mask(body.channel, value),
    sent: true,
  });
}

function noticeToOld(
  ctx: AppContext,
  channel: ContactChannel,
  old: string,
  value: string,
  at: string,
): OutgoingMessage {
  const what = channel === 'sms' ? '手机号' : '邮箱';
  return {
    channel,
    recipient: old,
    subject: `【跨境融资服务平台】账户${what}已更换`,
    body: withSupportContact(
      `您的账户${what}已于 ${at}（北京时间）更换为 ${mask(channel, value)}。如非本人操作，请立即联系客服并修改密码。`,
      ctx.config.support,
    ),
    validForMs: NOTICE_VALID_MS,
  };
}

/**
 * POST /account/changeContact: with the right code sent to the new contact, the phone or e-mail becomes it. The
 * checks of sendContactCode are made again (another user may have taken it meanwhile); the current password is
 * checked first (2007 wrong, 2012 locked: nothing changes, the code stays usable); a wrong code is 2003.
 */
export async function changeContact(
  ctx: AppContext,
  user: UserRow,
  body: ChangeContactRequest,
  meta: RequestMeta,
): Promise<ChangeContactResult> {
  const { channel } = body;
  const value = normalise(channel, body.target);
  await verifyOldPassword(
    ctx,
    user,
    decryptFieldOrFail(body.password, ctx.config),
    meta,
    WRONG_PASSWORD_TEXT,
  );
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    // one change to a given contact at a time: a concurrent claim of the same phone or e-mail waits, then sees it
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`contact:${channel}:${hashOf(ctx, channel, value)}`}))`,
    );
    const [fresh] = await tx.select().from(users).where(eq(users.id, user.id)).limit(1).for('update');
    if (!fresh) return null;
    await assertChangeable(ctx, tx, fresh, channel, value);
    const check = await consumeCode(tx, codeTarget(ctx, fresh, channel, value), body.code, now);
    if (check !== 'OK') return { refused: check, updated: undefined, old: null };
    const [updated] = await tx
      .update(users)
      .set(contactColumns(ctx.config, user.id, channel === 'sms' ? { phone: value } : { email: value }))
      .where(eq(users.id, user.id))
      .returning();
    const before = contactsOf(ctx, fresh);
    const old = channel === 'sms' ? before.phone : before.email;
    await recordUserAudit(tx, user, meta, AUDIT.contactChanged, now, {
      channel,
      from: old ? mask(channel, old) : null,
      to: mask(channel, value),
    });
    // the borrower's own notice (to the contacts as they now are), beside the message to the old contact below
    await notify(tx, {
      userId: user.id,
      key: `user:${user.id}:CONTACT:${channel}:${now.getTime()}`,
      now,
      event: {
        kind: 'CONTACT_CHANGED',
        facts: { channel, masked: mask(channel, value), at: shanghaiMinute(now) },
      },
    });
    return { refused: null, updated, old };
  });
  if (done?.refused) throw codeRefused(done.refused);
  if (!done?.updated) throw codeRefused('SPENT');
  if (done.old) await ctx.outbox.send(noticeToOld(ctx, channel, done.old, value, shanghaiMinute(now)));
  return contactView(contactsOf(ctx, done.updated));
}
