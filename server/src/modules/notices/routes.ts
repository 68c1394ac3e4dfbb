import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  NoticeListQuerystring,
  NoticeListSchema,
  NoticePreferenceSaveBody,
  NoticePreferencesSchema,
  NoticeReadAllBody,
  NoticeReadBody,
  NoticeReadResultSchema,
  NoticeUnreadSchema,
} from '../../schemas/notices.ts';
import { noticeList, readAllNotices, readNotice, unreadCount } from './inbox.ts';
import { preferencesView, savePreference } from './preferences.ts';

const TAGS = ['消息中心'];

/** The message centre (消息中心): the borrower's own notices and their choice of channels. */
export function noticeRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);

  signedIn.get(
    API.noticeList,
    {
      summary: '我的消息：最新在前，可按类别、未读筛选；附全部与各类别未读数',
      description: '按 nextCursor 翻页（不透明，仅本人有效）；游标或条数不合法返回 1001。',
      querystring: NoticeListQuerystring,
      result: NoticeListSchema,
    },
    (request, user) => noticeList(ctx.db, user.id, request.query),
  );

  signedIn.get(
    API.noticeUnreadCount,
    { summary: '未读消息数（页头铃铛）', result: NoticeUnreadSchema },
    async (_request, user) => ({ unread: await unreadCount(ctx.db, user.id) }),
  );

  signedIn.post(
    API.noticeRead,
    {
      summary: '标记一条消息为已读（已读的再次标记不变）',
      description: '不存在或他人的消息一律返回 4201。',
      body: NoticeReadBody,
      result: NoticeReadResultSchema,
    },
    (request, user) => readNotice(ctx.db, user.id, request.body.id, ctx.now()),
  );

  signedIn.post(
    API.noticeReadAll,
    {
      summary: '全部已读：全部或某一类别的未读消息标记为已读',
      body: NoticeReadAllBody,
      result: NoticeReadResultSchema,
    },
    (request, user) => readAllNotices(ctx.db, user.id, request.body, ctx.now()),
  );

  signedIn.get(
    API.noticePreferences,
    {
      summary: '通知设置：各类通知的短信、邮件是否发送（站内信始终发送）',
      description: '逾期通知为法定通知、不能关闭；合同签署与账户安全通知无论设置始终发送。',
      result: NoticePreferencesSchema,
    },
    (_request, user) => preferencesView(ctx.db, user.id),
  );

  signedIn.post(
    API.noticePreferences,
    {
      summary: '保存一类通知的短信、邮件设置（未传的渠道保持不变）',
      description: '没有该类通知 4203；关闭逾期通知 4202（不作任何修改）。',
      body: NoticePreferenceSaveBody,
      result: NoticePreferencesSchema,
    },
    (request, user) => savePreference(ctx.db, user.id, request.body, ctx.now()),
  );
}
