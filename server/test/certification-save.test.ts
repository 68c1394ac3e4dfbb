import {
  idCardCheckCharacter,
  type LoanCertificationResult,
  type LoanCertificationView,
  RSP,
  rspText,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons, loanCertifications } from '../src/db/schema.ts';
import { open, seal } from '../src/lib/sealed-columns.ts';
import { certificationSummary } from '../src/modules/certification/service.ts';
import { call, cipher, type TestApp, tableCounts } from './helpers/app.ts';
import {
  CERT_FORM,
  type CertificationDocs,
  type CertificationFiles,
  certificationRequest,
  certificationSetup,
  GET_CERTIFICATION as GET,
  SAVE_CERTIFICATION as SAVE,
  uploadDocumentSet,
} from './helpers/certification.ts';

let t: TestApp;
let demo: string;
let demoId: number;
let files: CertificationFiles;
beforeAll(async () => {
  ({ t, demo, demoId, files } = await certificationSetup());
});
afterAll(() => t.close());

const { idNumber: ID_NUMBER, phone: PHONE, card: CARD, uscc: USCC } = CERT_FORM;
const CARD_NOT_LUHN = '4111111111111112';
const withCheck = (first17: string) => first17 + idCardCheckCharacter(first17);

const uploadSet = (token: string) => uploadDocumentSet(t, token, files);

let demoDocs: CertificationDocs;

const request = (overrides: Record<string, unknown> = {}) => certificationRequest(demoDocs, overrides);

describe('POST /users/insertLoanCertification', () => {
  beforeAll(async () => {
    demoDocs = await uploadSet(demo);
  });

  it('saves the certification sealed at rest and answers with masks only', async () => {
    const res = await call<LoanCertificationView>(t.app, 'POST', SAVE, request(), { token: demo });
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({
      companyName: '深圳市跨境优选贸易有限公司',
      uscc: USCC,
      legalNameMasked: '张*',
      idNumberMasked: '110***********002X',
      legalPhoneMasked: '139****5678',
      bankCardMasked: '4111 **** **** 1111',
      bankName: '招商银行深圳分行',
      warnings: [],
    });
    expect(res.result.documents.map((d) => d.kind)).toEqual([
      'BUSINESS_LICENCE',
      'ID_CARD_FRONT',
      'ID_CARD_BACK',
      'SALES_STATEMENT',
    ]);

    // the first certification earns the welcome coupon
    const welcome = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.userId, demoId), eq(coupons.source, 'WELCOME')));
    expect(welcome).toEqual([
      expect.objectContaining({ kind: 'AMOUNT_OFF', amountOffFen: 2_000, state: 'AVAILABLE' }),
    ]);

    const [row] = await t.db.select().from(loanCertifications).where(eq(loanCertifications.userId, demoId));
    const stored = JSON.stringify(row);
    for (const secret of [ID_NUMBER, PHONE, CARD]) expect(stored).not.toContain(secret);
    expect(open(t.config, 'idNumber', demoId, row?.idNumberEnc ?? '')).toBe(ID_NUMBER);
    expect(open(t.config, 'legalPhone', demoId, row?.legalPhoneEnc ?? '')).toBe(PHONE);
    expect(open(t.config, 'bankCard', demoId, row?.bankCardEnc ?? '')).toBe(CARD);

    const read = await t.app.inject({ method: 'GET', url: `/api${GET}`, headers: { accessToken: demo } });
    const audit = JSON.stringify(
      await t.db.select().from(auditLog).where(eq(auditLog.action, 'certification.saved')),
    );
    for (const text of [read.body, JSON.stringify(res.result), audit]) {
      for (const secret of [ID_NUMBER, PHONE, CARD, '张明']) expect(text).not.toContain(secret);
    }
    expect((read.json() as { result: LoanCertificationResult }).result.certification).toEqual(res.result);
  });

  it('refuses a card failing Luhn (1105, nothing saved); a card or sales statement not sent is kept', async () => {
    const before = await tableCounts(t.db);
    const [stored] = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, demoId));
    for (const card of [CARD_NOT_LUHN, '6222021234567890123']) {
      const refused = await call(t.app, 'POST', SAVE, request({ bankCardNo: cipher(card) }), { token: demo });
      expect(refused.response).toEqual({
        rspCode: RSP.INVALID_BANK_CARD,
        rspDesc: '银行卡号校验未通过，请核对卡号是否输入正确',
      });
    }
    expect(await tableCounts(t.db)).toEqual(before);
    const [after] = await t.db.select().from(loanCertifications).where(eq(loanCertifications.userId, demoId));
    expect(after).toEqual(stored);

    // a card stored before the check was enforced: a save that does not send a card says nothing about it
    await t.db
      .update(loanCertifications)
      .set({ bankCardEnc: seal(t.config, 'bankCard', demoId, CARD_NOT_LUHN) })
      .where(eq(loanCertifications.userId, demoId));
    const { salesDocId: _s, ...docs } = demoDocs;
    const plain = await call<LoanCertificationView>(
      t.app,
      'POST',
      SAVE,
      { ...request({ bankCardNo: undefined, bankName: undefined }), ...docs, salesDocId: undefined },
      { token: demo },
    );
    expect(plain.response.rspCode).toBe(RSP.OK);
    expect(plain.result).toMatchObject({
      bankCardMasked: '4111 **** **** 1112',
      bankName: '招商银行深圳分行',
      warnings: [],
    });
    expect(plain.result.documents).toHaveLength(4);
    // nor does the 上传经营资料 step's own save
    const docsOnly = await call<LoanCertificationView>(
      t.app,
      'POST',
      '/users/updateCertificationDocuments',
      { salesDocId: demoDocs.salesDocId },
      { token: demo },
    );
    expect(docsOnly.response.rspCode).toBe(RSP.OK);
    expect(docsOnly.result.warnings).toEqual([]);
    const rows = await t.db.select().from(loanCertifications).where(eq(loanCertifications.userId, demoId));
    expect(rows).toHaveLength(1);
    expect(await certificationSummary(t.db, demoId)).toMatchObject({
      company: true,
      legalPerson: true,
      bankCard: true,
      salesStatement: true,
    });
  });

  const underAge = () => {
    const year = t.clock.now().getUTCFullYear() - 17;
    return withCheck(`110105${year}0101123`);
  };

  it.each<[string, () => Record<string, unknown>, string, string | null]>([
    [
      'company name too short',
      () => ({ companyName: '某' }),
      RSP.INVALID_INPUT,
      '企业名称应为2至100个字符，请按营业执照填写',
    ],
    [
      'company name too long',
      () => ({ companyName: '公'.repeat(101) }),
      RSP.INVALID_INPUT,
      '企业名称应为2至100个字符，请按营业执照填写',
    ],
    [
      'USCC check character',
      () => ({ uscc: '91350100M000100Y44' }),
      RSP.INVALID_USCC,
      '统一社会信用代码校验位不正确，请核对',
    ],
    ['USCC format', () => ({ uscc: '1234' }), RSP.INVALID_USCC, null],
    ['legal name too short', () => ({ legalName: '张' }), RSP.INVALID_INPUT, '法定代表人姓名应为2至30个字符'],
    [
      'ID check digit',
      () => ({ idNumber: cipher('110105194912310021') }),
      RSP.INVALID_ID_NUMBER,
      '身份证号码校验位不正确，请核对号码',
    ],
    [
      'ID of a 17-year-old',
      () => ({ idNumber: cipher(underAge()) }),
      RSP.INVALID_ID_NUMBER,
      '法定代表人须年满18周岁',
    ],
    ['ID not cipher text', () => ({ idNumber: ID_NUMBER }), RSP.BAD_CIPHER_TEXT, null],
    ['phone', () => ({ legalPhone: '12345' }), RSP.INVALID_PHONE, rspText(RSP.INVALID_PHONE)],
    [
      'card too short',
      () => ({ bankCardNo: cipher('12345678') }),
      RSP.INVALID_BANK_CARD,
      '银行卡号应为12至19位数字',
    ],
    ['card with letters', () => ({ bankCardNo: cipher('4111x11111111111') }), RSP.INVALID_BANK_CARD, null],
    ['missing document', () => ({ licenceDocId: 999_999 }), RSP.DOCUMENT_MISSING, null],
    [
      'document of the wrong kind',
      () => ({ idFrontDocId: demoDocs.licenceDocId }),
      RSP.DOCUMENT_MISSING,
      null,
    ],
  ])('%s → its own code, nothing changes', async (_name, overrides, code, desc) => {
    const before = await tableCounts(t.db);
    const [rowBefore] = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, demoId));
    const res = await call(t.app, 'POST', SAVE, request(overrides()), { token: demo });
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(code);
    if (desc) expect(res.response.rspDesc).toBe(desc);
    expect(await tableCounts(t.db)).toEqual(before);
    const [rowAfter] = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, demoId));
    expect(rowAfter).toEqual(rowBefore);
  });

  it.each([
    ['missing fields', {}],
    ['string document id', { licenceDocId: 'abc' }],
    ['negative document id', { licenceDocId: -1 }],
    ['huge company name', { companyName: '公'.repeat(10_000) }],
    ['extra field', { userId: 1 }],
    ['null phone', { legalPhone: null }],
  ])('bad input (%s) → 1001, nothing changes', async (_name, overrides) => {
    const before = await tableCounts(t.db);
    const body = _name === 'missing fields' ? {} : request(overrides);
    const res = await call(t.app, 'POST', SAVE, body, { token: demo });
    expect(res.status).toBe(200);
    expect(res.response.rspCode).not.toBe(RSP.OK);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('keeps the 64 KB body limit on the certification call', async () => {
    const res = await call(t.app, 'POST', SAVE, request({ bankName: 'x'.repeat(70 * 1024) }), {
      token: demo,
    });
    expect(res.response.rspCode).toBe(RSP.PAYLOAD_TOO_LARGE);
  });
});
