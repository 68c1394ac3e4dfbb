import {
  AGREEMENT_KINDS,
  type AgreementStatusResult,
  type AgreementText,
  type UserReadAgrRequest,
  type UserReadAgrResult,
} from '@loan/domain';
import { Type } from 'typebox';
import { NullableDateTime, strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Agreements (/users/agreement, /users/agreementStatus, /users/userReadAgr): request and result schemas. */

const Kind = Type.Enum([...AGREEMENT_KINDS], {
  description:
    '协议类型：GENERAL 用户服务协议、SERVICE 融资咨询服务协议、INFO 信息咨询服务协议、RELEASE 授权书',
});

export const AgreementTextQuery = Type.Object(
  {
    // checked by the handler, so an unknown kind gets its own Chinese text
    kind: Type.String({ minLength: 1, maxLength: 32, description: 'GENERAL | SERVICE | INFO | RELEASE' }),
    version: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description:
          '某一已发布版本（如签署过的旧版本）；省略为当前版本。非当前版本不可签署（readToken 为空）',
      }),
    ),
  },
  strict,
);

export const UserReadAgrBody = Type.Object(
  {
    kind: Kind,
    version: Type.String({ minLength: 1, maxLength: 32, description: '所阅读协议的版本号' }),
    textHash: Type.String({
      minLength: 1,
      maxLength: 64,
      description: '所阅读协议正文的 sha256（十六进制）',
    }),
    readToken: Type.String({ minLength: 1, maxLength: 200, description: '获取协议正文时返回的阅读凭证' }),
  },
  strict,
);

export const AgreementTextSchema = Type.Object({
  kind: Kind,
  version: Type.String(),
  title: Type.String(),
  body: Type.String({ description: '协议全文，段落以空行分隔' }),
  textHash: Type.String({ description: '正文的 sha256（十六进制）' }),
  minReadSeconds: Type.Integer({ description: '至少阅读秒数' }),
  readToken: Type.String({ description: '阅读凭证；未登录时为空字符串' }),
  acceptedAt: NullableDateTime,
});

export const AgreementStatusResultSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      kind: Kind,
      title: Type.String(),
      route: Type.String(),
      version: Type.String(),
      accepted: Type.Boolean(),
      acceptedAt: NullableDateTime,
    }),
  ),
  allAccepted: Type.Boolean({ description: '四份协议的当前版本均已同意' }),
});

export const UserReadAgrResultSchema = Type.Object({
  kind: Kind,
  version: Type.String(),
  acceptedAt: Type.String({ format: 'date-time', description: '首次同意该版本的时间' }),
});

export type AgreementSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof UserReadAgrBody, UserReadAgrRequest],
      [typeof AgreementTextSchema, AgreementText],
      [typeof AgreementStatusResultSchema, AgreementStatusResult],
      [typeof UserReadAgrResultSchema, UserReadAgrResult],
    ]
  >
>;
