import {
  MAX_ROW_ID,
  NOTICE_CATEGORIES,
  NOTICE_KIND_RULES,
  type NoticeKind,
  type NoticeListQuery,
  type NoticeListView,
  type NoticePreferenceSave,
  type NoticePreferencesView,
  type NoticeReadAllRequest,
  type NoticeReadRequest,
  type NoticeReadResult,
  type NoticeUnreadView,
} from '@loan/domain';
import { Type } from 'typebox';
import { DateTime, NullableString, PageQuery, strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of the message centre, tied to the domain contract below. */

const Category = Type.Enum([...NOTICE_CATEGORIES], {
  description:
    'LOAN 借款进度 | REPAYMENT 还款提醒 | OVERDUE 逾期通知 | REFUND 退款进度 | ACCOUNT 账户与安全 | STATEMENT 月度对账单',
});
const Kind = Type.Enum(Object.keys(NOTICE_KIND_RULES) as NoticeKind[]);

export const NoticeListQuerystring = Type.Object(
  {
    category: Type.Optional(Category),
    unread: Type.Optional(Type.Boolean({ description: 'true：只看未读' })),
    ...PageQuery,
  },
  strict,
);

export const NoticeReadBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: '消息编号' }) },
  strict,
);

export const NoticeReadAllBody = Type.Object({ category: Type.Optional(Category) }, strict);

export const NoticePreferenceSaveBody = Type.Object(
  {
    category: Type.String({ maxLength: 32, description: '通知类别（逾期通知不能关闭）' }),
    sms: Type.Optional(Type.Boolean({ description: '短信' })),
    email: Type.Optional(Type.Boolean({ description: '邮件' })),
  },
  strict,
);

const pageOnly = <P extends string>(page: P) => Type.Object({ page: Type.Literal(page) });
const withRow = <P extends string>(page: P) =>
  Type.Object({ page: Type.Literal(page), rowId: Type.Integer() });
const Link = Type.Union([
  withRow('LOAN'),
  withRow('APPLICATION'),
  pageOnly('TRADING'),
  pageOnly('REFUND'),
  pageOnly('RECEIVING_ACCOUNT'),
  pageOnly('MY_ACCOUNT'),
  pageOnly('SECURITY'),
]);
const Counts = Type.Object(
  Object.fromEntries(NOTICE_CATEGORIES.map((c) => [c, Type.Integer({ minimum: 0 })])) as Record<
    (typeof NOTICE_CATEGORIES)[number],
    ReturnType<typeof Type.Integer>
  >,
);

export const NoticeListSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: Kind,
      category: Category,
      title: Type.String(),
      body: Type.String(),
      link: Link,
      createdAt: DateTime,
      read: Type.Boolean(),
    }),
  ),
  nextCursor: NullableString,
  unread: Type.Integer({ minimum: 0 }),
  unreadByCategory: Counts,
});

export const NoticeUnreadSchema = Type.Object({ unread: Type.Integer({ minimum: 0 }) });

export const NoticeReadResultSchema = Type.Object({
  marked: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0 }),
});

const Channel = Type.Union([Type.Boolean(), Type.Null()], { description: 'null：该类通知不使用此渠道' });

export const NoticePreferencesSchema = Type.Object({
  categories: Type.Array(
    Type.Object({
      category: Category,
      label: Type.String(),
      required: Type.Boolean({ description: '法定或安全通知：不能关闭' }),
      sms: Channel,
      email: Channel,
    }),
  ),
});

export type NoticeSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof NoticeListQuerystring, NoticeListQuery],
      [typeof NoticeReadBody, NoticeReadRequest],
      [typeof NoticeReadAllBody, NoticeReadAllRequest],
      [typeof NoticeListSchema, NoticeListView],
      [typeof NoticeUnreadSchema, NoticeUnreadView],
      [typeof NoticeReadResultSchema, NoticeReadResult],
      [typeof NoticePreferencesSchema, NoticePreferencesView],
    ]
  >
>;

/** the save body's category is checked by the service (4203 with its reason), so it is text here */
export type NoticePreferenceBody = Omit<NoticePreferenceSave, 'category'> & { category: string };
