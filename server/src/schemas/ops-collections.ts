import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  HARDSHIP_RELIEFS,
  HARDSHIP_STATES,
  OVERDUE_BUCKETS,
  PROMISE_STATES,
} from '@loan/domain';
import { Type } from 'typebox';
import {
  DateText,
  DateTime,
  NullableDateTime,
  NullableString,
  NullableYuan,
  PageQuery,
  strict,
  Yuan,
} from './fragments.ts';

/** 催收工作台: the worklist, the case page and the acts on a case (bodies and results). */

const LoginId = Type.String({ minLength: 1, maxLength: 32, description: '借款人登录账号' });
const Text = (description: string) => Type.String({ maxLength: 2000, description });
const OneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Enum([...values], { description });
const Bucket = OneOf(OVERDUE_BUCKETS, '逾期阶段：M1 1–30 天，M2 31–60 天，M3 61–90 天，M3+ 90 天以上');
const Assignee = Type.Optional(
  Type.String({
    maxLength: 32,
    description: '负责人：mine 我的案件；none 未分派；或运营人员登录账号；不传为全部',
  }),
);

export const WorklistQuery = Type.Object(
  { bucket: Type.Optional(Bucket), assignee: Assignee, ...PageQuery },
  strict,
);
export const SummaryQuery = Type.Object({ assignee: Assignee }, strict);
export const CaseQuery = Type.Object({ loginId: LoginId }, strict);

export const NoteBody = Type.Object({ loginId: LoginId, text: Text('备注（1–500 字）') }, strict);
export const ContactBody = Type.Object(
  {
    loginId: LoginId,
    channel: OneOf(
      CONTACT_CHANNELS,
      '联系方式：PHONE 电话 SMS 短信 EMAIL 邮件 WECHAT 微信 VISIT 上门 LETTER 信函',
    ),
    outcome: OneOf(CONTACT_OUTCOMES, '结果：REACHED 联系到本人 THIRD_PARTY 联系到他人 NO_ANSWER 无人接听 …'),
    text: Type.Optional(Text('沟通摘要（最多 500 字）')),
  },
  strict,
);
export const PromiseBody = Type.Object(
  {
    loginId: LoginId,
    promisedDate: Type.String({ maxLength: 32, description: '承诺还款日期 YYYY-MM-DD（今天起 30 天内）' }),
    amount: Type.String({ maxLength: 24, description: '承诺金额（元，最多两位小数，不超过当前逾期金额）' }),
    text: Type.Optional(Text('备注（最多 500 字）')),
  },
  strict,
);
export const HardshipBody = Type.Object(
  {
    loginId: LoginId,
    relief: OneOf(
      HARDSHIP_RELIEFS,
      '申请的帮助：DEFER 延期还款 WAIVE_PENALTY 减免罚息 INSTALMENTS 分次偿还 OTHER 其他',
    ),
    reason: Text('困难原因（1–500 字）'),
  },
  strict,
);
export const HardshipDecideBody = Type.Object(
  {
    loginId: LoginId,
    activityId: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: '困难申请记录编号',
    }),
    decision: OneOf(['ACCEPTED', 'DECLINED'], 'ACCEPTED 接受；DECLINED 拒绝'),
    note: Type.Optional(Text('处理说明（最多 500 字）')),
  },
  strict,
);
export const AssignBody = Type.Object(
  {
    loginId: LoginId,
    assignee: Type.Union([Type.String({ maxLength: 32 }), Type.Null()], {
      description: '负责的运营人员登录账号；null 取消分派',
    }),
  },
  strict,
);
export const NextActionBody = Type.Object(
  {
    loginId: LoginId,
    nextAction: Type.String({
      maxLength: 200,
      description: '下一步行动（最多 100 字；与日期同时清空即取消）',
    }),
    nextActionDate: Type.String({ maxLength: 32, description: '日期 YYYY-MM-DD（今天起 90 天内）' }),
  },
  strict,
);

export const ActResultSchema = Type.Object({
  caseId: Type.Integer(),
  activityId: Type.Union([Type.Integer(), Type.Null()]),
});

const OperatorRef = Type.Union([Type.Object({ loginId: Type.String(), name: Type.String() }), Type.Null()]);
const BucketOrNull = Type.Union([Bucket, Type.Null()]);

export const WorklistSchema = Type.Object({
  asOf: DateText,
  lines: Type.Array(
    Type.Object({
      loginId: Type.String(),
      name: Type.String(),
      overdueAmount: Yuan,
      daysPastDue: Type.Integer(),
      bucket: Bucket,
      instalments: Type.Integer(),
      lastContact: Type.Union([
        Type.Object({ at: DateTime, channel: Type.String(), outcome: Type.String() }),
        Type.Null(),
      ]),
      promise: Type.Union([Type.Object({ promisedDate: DateText, amount: Yuan }), Type.Null()]),
      nextAction: NullableString,
      nextActionDate: NullableString,
      assignee: OperatorRef,
      caseId: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  nextCursor: NullableString,
});

export const SummarySchema = Type.Object({
  asOf: DateText,
  buckets: Type.Array(Type.Object({ bucket: Bucket, borrowers: Type.Integer(), amount: Yuan })),
  total: Type.Object({ borrowers: Type.Integer(), amount: Yuan }),
});

export const AssigneesSchema = Type.Array(Type.Object({ loginId: Type.String(), name: Type.String() }));

export const CaseSchema = Type.Object({
  asOf: DateText,
  borrower: Type.Object({ loginId: Type.String(), name: Type.String(), companyName: NullableString }),
  overdue: Type.Object({ amount: Yuan, daysPastDue: Type.Integer(), bucket: BucketOrNull }),
  case: Type.Union([
    Type.Object({
      caseId: Type.Integer(),
      assignee: OperatorRef,
      nextAction: NullableString,
      nextActionDate: NullableString,
      openedAt: DateTime,
    }),
    Type.Null(),
  ]),
  instalments: Type.Array(
    Type.Object({
      loanId: Type.Integer(),
      rowId: Type.Integer(),
      bankName: Type.String(),
      seq: Type.Integer(),
      dueDate: DateText,
      daysPastDue: Type.Integer(),
      principal: Yuan,
      interest: Yuan,
      fee: Yuan,
      penalty: Yuan,
      owed: Yuan,
    }),
  ),
  activities: Type.Array(
    Type.Object({
      id: Type.Integer(),
      kind: OneOf(['NOTE', 'CONTACT', 'PROMISE', 'HARDSHIP', 'ASSIGN'], '记录类别'),
      at: DateTime,
      operator: OperatorRef,
      text: NullableString,
      channel: NullableString,
      outcome: NullableString,
      promisedDate: NullableString,
      amount: NullableYuan,
      relief: NullableString,
      assignee: OperatorRef,
      state: Type.Union([OneOf([...PROMISE_STATES, ...HARDSHIP_STATES], '状态'), Type.Null()]),
      decidedAt: NullableDateTime,
      decidedBy: OperatorRef,
      decisionNote: NullableString,
      repaid: NullableYuan,
    }),
  ),
  messages: Type.Array(
    Type.Object({
      noticeId: Type.Integer(),
      at: DateTime,
      title: Type.String(),
      category: Type.String(),
      read: Type.Boolean(),
      deliveries: Type.Array(
        Type.Object({
          channel: Type.String(),
          state: Type.String(),
          attempts: Type.Integer(),
          sentAt: NullableDateTime,
          reason: NullableString,
        }),
      ),
    }),
  ),
});
