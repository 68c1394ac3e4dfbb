import { type LoanCertificationView, RSP } from '@loan/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, loanCertifications } from '../src/db/schema.ts';
import { open } from '../src/lib/sealed-columns.ts';
import { certificationSummary } from '../src/modules/certification/service.ts';
import { call, cipher, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { realPdf } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

/**
 * Editing a certification: a bank's form edits only the fields it shows and never drops the others; the
 * 绑定银行卡 and 上传经营资料 steps save the card or the documents alone.
 */
let t: TestApp;
let borrower: ReadyBorrower;
let stranger: ReadyBorrower;

const SAVE = '/users/insertLoanCertification';
const CARD = '/users/bindBankCard';
const DOCS = '/users/updateCertificationDocuments';
const STORED_CARD = '6222020200112233445';
/** a real PDF (pdfkit), made once */
let PDF: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  borrower = await makeReadyBorrower(t, 'certedit1');
  stranger = await makeReadyBorrower(t, 'certedit2', { certified: false, agreements: false });
  PDF = await realPdf();
});
afterAll(() => t.close());

async function row(userId: number) {
  const [found] = await t.db.select().from(loanCertifications).where(eq(loanCertifications.userId, userId));
  if (!found) throw new Error('no certification');
  return found;
}

async function docIds(userId: number) {
  const found = await row(userId);
  return {
    licenceDocId: found.licenceDocId ?? 0,
    idFrontDocId: found.idFrontDocId ?? 0,
    idBackDocId: found.idBackDocId ?? 0,
    salesDocId: found.salesDocId,
  };
}

async function upload(token: string, kind: string): Promise<number> {
  const res = await uploadFile(t.app, token, kind, PDF, `${kind}.pdf`);
  expect(res.response.rspCode).toBe(RSP.OK);
  return res.result.documentId;
}

/** The CRBANK form: company, legal person, identity documents; no card, no sales statement. */
async function identityOnly(userId: number) {
  const { salesDocId: _kept, ...ids } = await docIds(userId);
  return {
    companyName: '深圳市跨境优选贸易有限公司',
    uscc: '91350100M000100Y43',
    legalName: '张明',
    idNumber: cipher('11010519491231002X'),
    legalPhone: '13912345678',
    ...ids,
  };
}

const lastAudit = async (userId: number) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

describe('the full form', () => {
  it('a save without a card or a sales statement keeps both (the CRBANK form), and replaces what it sends', async () => {
    const before = await row(borrower.userId);
    const res = await call<LoanCertificationView>(t.app, 'POST', SAVE, await identityOnly(borrower.userId), {
      token: borrower.token,
    });
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({
      uscc: '91350100M000100Y43',
      legalNameMasked: '张*',
      legalPhoneMasked: '139****5678',
      bankCardMasked: '6222 **** **** 3445',
      bankName: '中国工商银行',
    });
    expect(res.result.documents.map((d) => d.kind)).toContain('SALES_STATEMENT');
    const after = await row(borrower.userId);
    expect(after.salesDocId).toBe(before.salesDocId);
    expect(open(t.config, 'bankCard', borrower.userId, after.bankCardEnc ?? '')).toBe(STORED_CARD);
    expect(await certificationSummary(t.db, borrower.userId)).toMatchObject({
      company: true,
      legalPerson: true,
      bankCard: true,
      salesStatement: true,
    });
    expect((await lastAudit(borrower.userId))?.action).toBe('certification.saved');
  });

  it('a new sales statement sent with the form replaces the old one', async () => {
    const sales = await upload(borrower.token, 'SALES_STATEMENT');
    const body = { ...(await identityOnly(borrower.userId)), salesDocId: sales };
    const res = await call<LoanCertificationView>(t.app, 'POST', SAVE, body, { token: borrower.token });
    expect(res.response.rspCode).toBe(RSP.OK);
    expect((await row(borrower.userId)).salesDocId).toBe(sales);
    expect((await row(borrower.userId)).bankCardEnc).not.toBeNull();
  });
});

describe('POST /users/bindBankCard', () => {
  it('changes the card alone: identity, company and every document stay', async () => {
    const before = await row(borrower.userId);
    const res = await call<LoanCertificationView>(
      t.app,
      'POST',
      CARD,
      { bankCardNo: cipher('4111111111111111'), bankName: '招商银行深圳分行' },
      { token: borrower.token },
    );
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({ bankCardMasked: '4111 **** **** 1111', bankName: '招商银行深圳分行' });
    const after = await row(borrower.userId);
    expect(open(t.config, 'bankCard', borrower.userId, after.bankCardEnc ?? '')).toBe('4111111111111111');
    expect(after.bankCardEnc).not.toContain('4111111111111111');
    for (const field of [
      'companyName',
      'uscc',
      'legalNameEnc',
      'idNumberEnc',
      'legalPhoneEnc',
      'licenceDocId',
      'idFrontDocId',
      'idBackDocId',
      'salesDocId',
    ] as const) {
      expect(after[field], field).toEqual(before[field]);
    }
    const audit = await lastAudit(borrower.userId);
    expect(audit?.action).toBe('certification.saved');
    expect(audit?.detail).toMatchObject({ part: 'bankCard', bankCard: true });
    expect(JSON.stringify(audit)).not.toContain('4111111111111111');
  });

  it('keeps the bank name when none is sent, clears it with an empty text', async () => {
    const kept = await call<LoanCertificationView>(
      t.app,
      'POST',
      CARD,
      { bankCardNo: cipher('5555555555554444') },
      { token: borrower.token },
    );
    expect(kept.response.rspCode).toBe(RSP.OK);
    expect(kept.result.bankName).toBe('招商银行深圳分行');
    expect(kept.result.warnings).toEqual([]);
    const cleared = await call<LoanCertificationView>(
      t.app,
      'POST',
      CARD,
      { bankCardNo: cipher('4111111111111111'), bankName: ' ' },
      { token: borrower.token },
    );
    expect(cleared.result.bankName).toBeNull();
  });

  it('refuses a bad card (1105) and a borrower without a certification (3401), changing nothing', async () => {
    const before = await tableCounts(t.db);
    const stored = await row(borrower.userId);
    const bad = await call(t.app, 'POST', CARD, { bankCardNo: cipher('12345') }, { token: borrower.token });
    expect(bad.response.rspCode).toBe(RSP.INVALID_BANK_CARD);
    expect(await row(borrower.userId)).toEqual(stored);
    const notLuhn = await call(
      t.app,
      'POST',
      CARD,
      { bankCardNo: cipher('6222021234567890123') },
      { token: borrower.token },
    );
    expect(notLuhn.response).toEqual({
      rspCode: RSP.INVALID_BANK_CARD,
      rspDesc: '银行卡号校验未通过，请核对卡号是否输入正确',
    });
    expect(await row(borrower.userId)).toEqual(stored);
    const none = await call(
      t.app,
      'POST',
      CARD,
      { bankCardNo: cipher('4111111111111111') },
      { token: stranger.token },
    );
    expect(none.response).toEqual({
      rspCode: RSP.CERTIFICATION_REQUIRED,
      rspDesc: '请先填写企业信息和法定代表人信息，再绑定银行卡或上传经营资料',
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('POST /users/updateCertificationDocuments', () => {
  it('replaces the sales statement alone: the card, identity and other documents stay', async () => {
    const before = await row(borrower.userId);
    const sales = await upload(borrower.token, 'SALES_STATEMENT');
    const res = await call<LoanCertificationView>(
      t.app,
      'POST',
      DOCS,
      { salesDocId: sales },
      { token: borrower.token },
    );
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.documents.find((d) => d.kind === 'SALES_STATEMENT')?.documentId).toBe(sales);
    expect(res.result.documents).toHaveLength(4);
    const after = await row(borrower.userId);
    expect(after.salesDocId).toBe(sales);
    for (const field of [
      'companyName',
      'legalNameEnc',
      'idNumberEnc',
      'legalPhoneEnc',
      'bankCardEnc',
      'bankName',
      'licenceDocId',
      'idFrontDocId',
      'idBackDocId',
    ] as const) {
      expect(after[field], field).toEqual(before[field]);
    }
    expect((await lastAudit(borrower.userId))?.detail).toMatchObject({
      part: 'documents',
      documents: ['salesDocId'],
    });
  });

  it('refuses nothing sent (1001), a document of another kind or of another borrower (1104), no certification (3401)', async () => {
    const licence = await upload(borrower.token, 'BUSINESS_LICENCE');
    const [foreign] = await t.db.select().from(documents).where(eq(documents.userId, borrower.userId));
    const strangerSales = await upload(stranger.token, 'SALES_STATEMENT');
    const stored = await row(borrower.userId);
    const before = await tableCounts(t.db);
    const cases: Array<[string, string, Record<string, unknown>, string, string]> = [
      ['nothing', borrower.token, {}, RSP.INVALID_INPUT, '请选择要上传的证件资料'],
      [
        'wrong kind',
        borrower.token,
        { salesDocId: licence },
        RSP.DOCUMENT_MISSING,
        '请上传店铺销售流水（所选文件不存在或不是店铺销售流水）',
      ],
      [
        'another borrower’s',
        borrower.token,
        { salesDocId: strangerSales },
        RSP.DOCUMENT_MISSING,
        '请上传店铺销售流水（所选文件不存在或不是店铺销售流水）',
      ],
      [
        'no certification',
        stranger.token,
        { salesDocId: strangerSales },
        RSP.CERTIFICATION_REQUIRED,
        '请先填写企业信息和法定代表人信息，再绑定银行卡或上传经营资料',
      ],
      [
        'the first borrower’s id by the second',
        stranger.token,
        { licenceDocId: foreign?.id },
        RSP.DOCUMENT_MISSING,
        '请上传营业执照（所选文件不存在或不是营业执照）',
      ],
    ];
    for (const [label, token, body, code, text] of cases) {
      const res = await call(t.app, 'POST', DOCS, body, { token });
      expect(res.response, label).toEqual({ rspCode: code, rspDesc: text });
    }
    expect(await row(borrower.userId)).toEqual(stored);
    expect({ ...(await tableCounts(t.db)), audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
  });
});
