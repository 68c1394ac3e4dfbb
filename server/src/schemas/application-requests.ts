import type {
  ApplicationActionRequest,
  ApplicationQuery,
  BankCallbackBody,
  CompleteStepRequest,
  CreateApplicationRequest,
  SubmitApplicationRequest,
} from '@loan/domain';
import { CANCEL_REASON_MAX, MAX_ROW_ID } from '@loan/domain';
import { Type } from 'typebox';
import { strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request schemas of the applications calls and the bank callback, tied to the domain contract. */

const RowId = Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: '申请编号（rowId）' });
const QueryId = (description: string) => Type.Optional(Type.String({ maxLength: 64, description }));

export const CreateApplicationBody = Type.Object(
  { productCode: Type.String({ minLength: 1, maxLength: 64, description: '产品编号' }) },
  strict,
);

export const ApplicationQuerystring = Type.Object(
  {
    rowId: QueryId('申请编号'),
    mcOrderNo: QueryId('华润银行订单号（MC 开头）'),
    productCode: QueryId('产品编号，给出时须与申请一致'),
    productType: QueryId('产品类型，给出时须与申请一致'),
  },
  strict,
);

export const SubmitApplicationBody = Type.Object(
  {
    rowId: RowId,
    // shapes checked by the service so the borrower gets the exact Chinese reason
    amount: Type.String({ maxLength: 24, description: '申请金额（元，最多两位小数）' }),
    termMonths: Type.Integer({ minimum: 1, maximum: 600, description: '借款期限（月）' }),
    purpose: Type.String({ maxLength: 1000, description: '借款用途（2-200 字）' }),
  },
  strict,
);

export const CompleteStepBody = Type.Object(
  {
    rowId: RowId,
    step: Type.Enum(['FACE_VERIFY', 'OPEN_COLLECTION_ACCOUNT'], {
      description:
        'FACE_VERIFY 人脸识别（沙箱模拟）；OPEN_COLLECTION_ACCOUNT 在该机构已开立收款子账户时即完成，否则 2111（在 /lock/toApplyAccountPage 开立）',
    }),
  },
  strict,
);

export const ApplicationActionBody = Type.Object(
  {
    rowId: RowId,
    reason: Type.Optional(Type.String({ maxLength: CANCEL_REASON_MAX, description: '原因（记入申请进度）' })),
  },
  strict,
);

export const BankCallbackParams = Type.Object(
  { bank: Type.String({ maxLength: 16, description: '合作机构代码：YNIT | CGB | FUIOU | SHRB | CRBANK' }) },
  strict,
);

export const BankCallbackBodySchema = Type.Object(
  {
    eventId: Type.String({ minLength: 1, maxLength: 128 }),
    bankRef: Type.String({ minLength: 1, maxLength: 128 }),
    decision: Type.Enum(['START_REVIEW', 'APPROVE', 'REJECT', 'DISBURSE']),
    approvedAmount: Type.Optional(Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16 })),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  strict,
);

export type ApplicationRequestChecks = CheckAll<
  SameEach<
    [
      [typeof CreateApplicationBody, CreateApplicationRequest],
      [typeof ApplicationQuerystring, ApplicationQuery],
      [typeof SubmitApplicationBody, SubmitApplicationRequest],
      [typeof CompleteStepBody, CompleteStepRequest],
      [typeof ApplicationActionBody, ApplicationActionRequest],
      [typeof BankCallbackBodySchema, BankCallbackBody],
    ]
  >
>;
