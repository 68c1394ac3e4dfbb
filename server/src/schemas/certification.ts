import {
  type BindBankCardRequest,
  DOCUMENT_KINDS,
  type LoanCertificationRequest,
  type LoanCertificationResult,
  type LoanCertificationView,
  MAX_ROW_ID,
  type UpdateCertificationDocumentsRequest,
  type UploadedDocument,
} from '@loan/domain';
import { Type } from 'typebox';
import { CipherTextField } from './fields.ts';
import { strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/**
 * Certification (/users/uploadDocument, /users/insertLoanCertification, /users/loanCertification and the bank
 * steps' own saves /users/bindBankCard, /users/updateCertificationDocuments).
 */

const DocumentKindField = Type.Enum([...DOCUMENT_KINDS], {
  description:
    'BUSINESS_LICENCE 营业执照、ID_CARD_FRONT 身份证人像面、ID_CARD_BACK 身份证国徽面、SALES_STATEMENT 店铺销售流水',
});
const DocId = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description });

/**
 * The form of POST /users/uploadDocument (multipart/form-data), for the OpenAPI file: the route reads the form
 * itself (readUpload), since a file is not JSON.
 */
export const UploadDocumentForm = Type.Object(
  {
    kind: DocumentKindField,
    file: Type.String({
      format: 'binary',
      description:
        '一个文件：JPG、PNG 或 PDF，不超过 5MB（按文件内容判断；图片重新编码，PDF 不得含脚本、动作、附件或加密）',
    }),
  },
  strict,
);

export const LoanCertificationBody = Type.Object(
  {
    companyName: Type.String({ maxLength: 200, description: '企业名称（2–100 个字符）' }),
    uscc: Type.String({ maxLength: 64, description: '统一社会信用代码（GB 32100）' }),
    legalName: Type.String({ maxLength: 100, description: '法定代表人姓名（2–30 个字符）' }),
    idNumber: { ...CipherTextField, description: '法定代表人身份证号码（GB 11643）的字段加密密文' },
    legalPhone: Type.String({ maxLength: 32, description: '法定代表人手机号' }),
    bankCardNo: Type.Optional({
      ...CipherTextField,
      description: '银行卡号（12–19 位数字）的字段加密密文；不传则保留已有银行卡',
    }),
    bankName: Type.Optional(
      Type.String({ maxLength: 100, description: '开户行；不传则保留已有开户行，传空字符串则清除' }),
    ),
    licenceDocId: DocId('营业执照文件编号'),
    idFrontDocId: DocId('身份证人像面文件编号'),
    idBackDocId: DocId('身份证国徽面文件编号'),
    salesDocId: Type.Optional(DocId('店铺销售流水文件编号；不传则保留已上传的销售流水')),
  },
  strict,
);

export const BindBankCardBody = Type.Object(
  {
    bankCardNo: { ...CipherTextField, description: '银行卡号（12–19 位数字）的字段加密密文' },
    bankName: Type.Optional(
      Type.String({ maxLength: 100, description: '开户行；不传则保留已有开户行，传空字符串则清除' }),
    ),
  },
  strict,
);

export const UpdateCertificationDocumentsBody = Type.Object(
  {
    licenceDocId: Type.Optional(DocId('营业执照文件编号')),
    idFrontDocId: Type.Optional(DocId('身份证人像面文件编号')),
    idBackDocId: Type.Optional(DocId('身份证国徽面文件编号')),
    salesDocId: Type.Optional(DocId('店铺销售流水文件编号')),
  },
  strict,
);

export const UploadedDocumentSchema = Type.Object({
  documentId: Type.Integer(),
  kind: DocumentKindField,
  fileName: Type.String(),
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const LoanCertificationViewSchema = Type.Object({
  companyName: Type.String(),
  uscc: Type.String(),
  legalNameMasked: Type.String(),
  idNumberMasked: Type.String(),
  legalPhoneMasked: Type.String(),
  bankCardMasked: Type.Union([Type.String(), Type.Null()]),
  bankName: Type.Union([Type.String(), Type.Null()]),
  documents: Type.Array(UploadedDocumentSchema),
  warnings: Type.Array(Type.String(), {
    description: '本次提交内容的提示（不涉及此前保存的其他部分），不影响提交',
  }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const LoanCertificationResultSchema = Type.Object({
  certification: Type.Union([LoanCertificationViewSchema, Type.Null()]),
});

export type CertificationSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof LoanCertificationBody, LoanCertificationRequest],
      [typeof BindBankCardBody, BindBankCardRequest],
      [typeof UpdateCertificationDocumentsBody, UpdateCertificationDocumentsRequest],
      [typeof UploadedDocumentSchema, UploadedDocument],
      [typeof LoanCertificationViewSchema, LoanCertificationView],
      [typeof LoanCertificationResultSchema, LoanCertificationResult],
    ]
  >
>;
