import { ISSUED_DOCUMENT_KINDS, type VerifiedDocument, type VerifyDocumentQuery } from '@loan/domain';
import { Type } from 'typebox';
import { DateText, strict, Yuan } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** The public verification of an issued document (/docs/verify): request and result schemas. */

// any text of a sane length: a malformed number or code gets the same answer as a wrong one (4101)
export const VerifyDocumentQuerySchema = Type.Object(
  {
    docNo: Type.String({ minLength: 1, maxLength: 64, description: '文件编号，如 HD20261127K7M2QX9P' }),
    code: Type.String({ minLength: 1, maxLength: 64, description: '文件上印的 8 位验证码（不区分大小写）' }),
  },
  strict,
);

export const VerifiedDocumentSchema = Type.Object({
  kind: Type.Enum([...ISSUED_DOCUMENT_KINDS], {
    description: 'RECEIPT 电子回单、CONTRACT 借款合同、SETTLEMENT_CERT 结清证明、STATEMENT 月度对账单',
  }),
  kindLabel: Type.String(),
  docNo: Type.String(),
  issueDate: DateText,
  amount: Yuan,
  payer: Type.String({ description: '付款方或借款人（个人信息已脱敏）' }),
  payee: Type.String({ description: '收款方或出具方' }),
});

export type DocumentSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof VerifyDocumentQuerySchema, VerifyDocumentQuery],
      [typeof VerifiedDocumentSchema, VerifiedDocument],
    ]
  >
>;
