import {
  type NoticeEvent,
  type NoticeListView,
  type NoticePreferencesView,
  type NoticeReadResult,
  type NoticeUnreadView,
  RSP,
  rspText,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeDeliveries, notices } from '../src/db/schema.ts';
import { notify } from '../src/modules/notices/notify.ts';
import { call, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';

/** The message centre: a borrower's own notices, read marks, paging, and the choice of channels. */
let t: TestApp;
let owner: ReadyBorrower;
let other: ReadyBorrower;

const due = (seq: number): NoticeEvent => ({
  kind: 'DUE_SOON',
  facts: {
    applicationRowId: 9,
    seq,
    dueDate: '2026-04-02',
    owedFen: 10_234_56,
    daysLeft: 3,
    method: 'ACTIVE_REPAY',
  },
});
const signIn: NoticeEvent = {
  kind: 'SIGN_IN',
  facts: { at: '2026-03-02 10:00', device: 'Chrome · Windows' },
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeReadyBorrower(t, 'inboxowner');
  other = await makeReadyBorrower(t, 'inboxother');
  for (let seq = 1; seq <= 3; seq += 1)
    await notify(t.db, { userId: owner.userId, event: due(seq), key: `test:due:${seq}`, now: t.clock.now() });
  await notify(t.db, { userId: owner.userId, event: signIn, key: 'test:signin:1', now: t.clock.now() });
  await notify(t.db, { userId: other.userId, event: signIn, key: 'test:signin:other', now: t.clock.now() });
});
afterAll(async () => t.close());

const list = (token: string, query: Record<string, unknown> = {}) =>
  call<NoticeListView>(t.app, 'GET', '/notices/list', query, { token });
const unread = (token: string) =>
  call<NoticeUnreadView>(t.app, 'GET', '/notices/unreadCount', undefined, { token });
const read = (token: string, id: unknown) =>
  call<NoticeReadResult>(t.app, 'POST', '/notices/read', { id }, { token });
const readAll = (token: string, body: Record<string, unknown> = {}) =>
  call<NoticeReadResult>(t.app, 'POST', '/notices/readAll', body, { token });
const prefs = (token: string) =>
  call<NoticePreferencesView>(t.app, 'GET', '/notices/preferences', undefined, { token });
const save = (token: string, body: Record<string, unknown>) =>
  call<NoticePreferencesView>(t.app, 'POST', '/notices/preferences', body, { token });

describe('the message centre', () => {
  it('a notice is made once per event key, whatever the replays', async () => {
    const again = await notify(t.db, {
      userId: owner.userId,
      event: due(1),
      key: 'test:due:1',
      now: t.clock.now(),
    });
    expect(again).toBeNull();
    const rows = await t.db.select().from(notices).where(eq(notices.eventKey, 'test:due:1'));
    expect(rows).toHaveLength(1);
    const deliveries = await t.db
      .select()
      .from(noticeDeliveries)
      .where(eq(noticeDeliveries.noticeId, rows[0]?.id ?? 0));
    expect(deliveries.map((d) => d.channel).sort()).toEqual(['email', 'sms']);
  });

  it('lists only the owner’s notices, newest first, with the figures and links, paged by cursor', async () => {
    const first = okResult(await list(owner.token, { limit: 3 }));
    expect(first.items.map((n) => n.kind)).toEqual(['SIGN_IN', 'DUE_SOON', 'DUE_SOON']);
    expect(first.unread).toBe(4);
    expect(first.unreadByCategory).toMatchObject({ REPAYMENT: 3, ACCOUNT: 1, OVERDUE: 0 });
    expect(first.items[1]?.body).toContain('10,234.56 元');
    expect(first.items[1]?.link).toEqual({ page: 'LOAN', rowId: 9 });
    expect(first.nextCursor).not.toBeNull();
    const second = okResult(await list(owner.token, { limit: 3, cursor: first.nextCursor }));
    expect(second.items.map((n) => n.title)).toEqual([expect.stringContaining('第 1 期')]);
    expect(second.nextCursor).toBeNull();
    const theirs = okResult(await list(other.token));
    expect(theirs.items).toHaveLength(1);
    expect(JSON.stringify(theirs)).not.toContain('10,234.56');
  });

  it('filters by category and by unread', async () => {
    const account = okResult(await list(owner.token, { category: 'ACCOUNT' }));
    expect(account.items.map((n) => n.kind)).toEqual(['SIGN_IN']);
    const bad = await list(owner.token, { category: 'NOPE' });
    expect(bad.response.rspCode).toBe(RSP.INVALID_INPUT);
    const foreignCursor = okResult(await list(other.token, { limit: 1 }));
    expect(foreignCursor.nextCursor).toBeNull();
  });

  it('reads one (idempotent), refuses another’s like a missing one, and reads all of a category', async () => {
    const [newest] = okResult(await list(owner.token)).items;
    const once = okResult(await read(owner.token, newest?.id));
    expect(once).toEqual({ marked: 1, unread: 3 });
    expect(okResult(await read(owner.token, newest?.id))).toEqual({ marked: 0, unread: 3 });
    expect(okResult(await unread(owner.token)).unread).toBe(3);

    const [theirs] = okResult(await list(other.token)).items;
    const before = await tableCounts(t.db);
    const refused = await read(owner.token, theirs?.id);
    expect(refused.response).toMatchObject({
      rspCode: RSP.NOTICE_NOT_FOUND,
      rspDesc: rspText(RSP.NOTICE_NOT_FOUND),
    });
    expect(await tableCounts(t.db)).toEqual(before);
    expect(okResult(await unread(other.token)).unread).toBe(1);

    expect(okResult(await readAll(owner.token, { category: 'REPAYMENT' }))).toEqual({ marked: 3, unread: 0 });
    expect(okResult(await unread(other.token)).unread).toBe(1);
  });
});

describe('the choice of channels', () => {
  it('shows every category with its channels, overdue notices locked on', async () => {
    const view = okResult(await prefs(owner.token));
    const overdue = view.categories.find((c) => c.category === 'OVERDUE');
    expect(overdue).toMatchObject({ required: true, sms: true, email: true, label: '逾期通知' });
    const statement = view.categories.find((c) => c.category === 'STATEMENT');
    expect(statement).toMatchObject({ required: false, sms: null, email: true });
  });

  it('refuses turning off a legal notice and changes nothing', async () => {
    const before = await tableCounts(t.db);
    const refused = await save(owner.token, { category: 'OVERDUE', sms: false });
    expect(refused.response).toMatchObject({
      rspCode: RSP.NOTICE_REQUIRED,
      rspDesc: rspText(RSP.NOTICE_REQUIRED),
    });
    expect(await tableCounts(t.db)).toEqual(before);
    const unknown = await save(owner.token, { category: 'SPAM', sms: false });
    expect(unknown.response.rspCode).toBe(RSP.NOTICE_CATEGORY_UNKNOWN);
  });

  it('an optional channel turned off is skipped for later notices; the message centre still gets them', async () => {
    const saved = okResult(await save(owner.token, { category: 'REPAYMENT', sms: false }));
    expect(saved.categories.find((c) => c.category === 'REPAYMENT')).toMatchObject({
      sms: false,
      email: true,
    });
    const id = await notify(t.db, {
      userId: owner.userId,
      event: due(4),
      key: 'test:due:4',
      now: t.clock.now(),
    });
    const rows = await t.db
      .select()
      .from(noticeDeliveries)
      .where(eq(noticeDeliveries.noticeId, id ?? 0));
    expect(Object.fromEntries(rows.map((r) => [r.channel, r.state]))).toEqual({
      sms: 'SKIPPED',
      email: 'PENDING',
    });
    // a required kind of an optional category goes whatever the choice
    okResult(await save(owner.token, { category: 'ACCOUNT', sms: false, email: false }));
    const pwd = await notify(t.db, {
      userId: owner.userId,
      event: { kind: 'PASSWORD_CHANGED', facts: { at: '2026-03-02 10:05' } },
      key: 'test:pwd:1',
      now: t.clock.now(),
    });
    const pwdRows = await t.db
      .select()
      .from(noticeDeliveries)
      .where(eq(noticeDeliveries.noticeId, pwd ?? 0));
    expect(pwdRows.map((r) => r.state)).toEqual(['PENDING', 'PENDING']);
  });
});
