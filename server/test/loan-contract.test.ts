import { createHash } from 'node:crypto';
import {
  APPROVAL_SIGN_DAYS,
  addDaysIso,
  fenToYuan,
  formatYuan,
  LOAN_CONTRACT_MIN_READ_SECONDS,
  type LoanContractView,
  productSchedule,
  RSP,
  shanghaiDate,
  yuanToFen,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, instalments, loanContracts, loans, products } from '../src/db/schema.ts';
import { open } from '../src/lib/sealed-columns.ts';
import { codeOf, type TestApp, tableCounts } from './helpers/app.ts';
import {
  type applicationCalls,
  applicationsApp,
  deliverAfterDelay,
  okResult,
} from './helpers/applications.ts';
import { makeReadyBorrower, READY_COMPANY } from './helpers/borrower.ts';
import { approvedApplication } from './helpers/contracts.ts';

let t: TestApp;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  ({ t, api } = await applicationsApp());
});
afterAll(async () => t.close());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const READ_MS = LOAN_CONTRACT_MIN_READ_SECONDS * 1000;

async function setRate(productCode: string, annualRate: string): Promise<void> {
  await t.db.update(products).set({ annualRate }).where(eq(products.productCode, productCode));
}

describe('GET /loanMgr/loanContract of an approved application', () => {
  it('renders this loan’s terms: key facts equal the engine’s schedule, parties, deadline, hash of the body', async () => {
    const b = await makeReadyBorrower(t, 'lc-read');
    const rowId = await approvedApplication(t, b, 'YNIT-XT01', '500000', 12);
    const c = okResult(await api.contract(b.token, rowId));
    const [product] = await t.db.select().from(products).where(eq(products.productCode, 'YNIT-XT01'));
    if (!product) throw new Error('no product');
    const today = shanghaiDate(t.clock.now());
    const engine = productSchedule(
      {
        annualRate: product.annualRate,
        method: product.method as never,
        serviceFee: product.serviceFee as never,
      },
      50_000_000,
      12,
      today,
    );
    expect(c.keyFacts).toMatchObject({
      amount: '500000.00',
      termMonths: 12,
      annualRate: product.annualRate,
      totalInterest: fenToYuan(engine.totals.interestFen),
      totalFees: fenToYuan(engine.totals.feeFen),
      totalRepay: fenToYuan(engine.totals.paymentFen),
      annualisedRate: engine.annualisedRate.toFixed(4),
      lastPayment: { amount: fenToYuan(engine.instalments.at(-1)?.paymentFen ?? -1) },
    });
    expect(c.schedule).toHaveLength(12);
    expect(c.assumedStartDate).toBe(today);
    expect(c.parties).toMatchObject({
      borrowerCompany: READY_COMPANY.companyName,
      uscc: READY_COMPANY.uscc,
      legalRepresentative: '王其',
      bankName: '云南国际信托',
    });
    const detail = okResult(await api.detail(b.token, { rowId: String(rowId) }));
    const decidedAt = new Date(detail.application.decidedAt ?? '');
    expect(c.signDeadline).toBe(addDaysIso(shanghaiDate(decidedAt), APPROVAL_SIGN_DAYS));
    expect(detail.application.signDeadline).toBe(c.signDeadline);
    expect(c).toMatchObject({ expired: false, minReadSeconds: 15, signed: null, version: 'LC-2' });
    expect(c.readToken).not.toBe('');
    expect(c.textHash).toBe(sha256(c.body));
    expect(c.body).toContain(c.contractNo);
    expect(c.body).toContain('500,000.00 元');
    expect(c.body).toContain(`请于 ${c.signDeadline}`);
  });

  it('refuses other states with a Chinese reason, and a missing id as 3005', async () => {
    const b = await makeReadyBorrower(t, 'lc-draft');
    const d = okResult(await api.create(b.token, 'YNIT-XT01'));
    const draft = await api.contract(b.token, d.application.rowId);
    expect(draft.response).toEqual({
      rspCode: RSP.STATE_NOT_ALLOWED,
      rspDesc: '当前状态为「草稿」，审批通过后才能查看借款合同',
    });
    expect(codeOf(await api.contract(b.token, 999_999))).toBe(RSP.APPLICATION_NOT_FOUND);
    expect(codeOf(await api.contract(b.token, 'abc'))).toBe(RSP.APPLICATION_NOT_FOUND);
  });
});

describe('POST /loanMgr/signContract', () => {
  it('refuses a reading too short (3405), a forged or foreign token, and a wrong hash (3406); nothing kept', async () => {
    const b = await makeReadyBorrower(t, 'lc-refuse');
    const other = await makeReadyBorrower(t, 'lc-refuse2');
    const rowId = await approvedApplication(t, b);
    const otherRow = await approvedApplication(t, other);
    const c = okResult(await api.contract(b.token, rowId));
    const before = await tableCounts(t.db);

    t.clock.advance(READ_MS - 2000);
    const early = await api.signWith(b.token, { rowId, textHash: c.textHash, readToken: c.readToken });
    expect(early.response).toEqual({
      rspCode: RSP.CONTRACT_READ_TOO_SHORT,
      rspDesc: '请完整阅读借款合同，2 秒后可签署',
    });
    t.clock.advance(2000);

    const [ms] = c.readToken.split('.');
    const forged = [
      `${ms}.${'0'.repeat(64)}`,
      `${Number(ms) - READ_MS}.${c.readToken.split('.')[1]}`,
      'x',
      '',
    ];
    for (const readToken of forged) {
      const res = await api.signWith(b.token, { rowId, textHash: c.textHash, readToken });
      expect(res.response.rspCode, readToken).toBe(RSP.INVALID_INPUT);
    }
    // a token served for another borrower's contract proves nothing about this one
    const theirs = okResult(await api.contract(other.token, otherRow));
    t.clock.advance(READ_MS);
    const foreign = await api.signWith(b.token, { rowId, textHash: c.textHash, readToken: theirs.readToken });
    expect(codeOf(foreign)).toBe(RSP.INVALID_INPUT);

    const wrong = await api.signWith(b.token, {
      rowId,
      textHash: sha256(`${c.body} `),
      readToken: c.readToken,
    });
    expect(wrong.response).toEqual({
      rspCode: RSP.CONTRACT_CHANGED,
      rspDesc: '借款合同内容已变化，请重新阅读后签署',
    });

    // the rate changed after it was read: the text is another, so is its hash
    await setRate('YNIT-XT01', '0.0900');
    try {
      const changed = await api.signWith(b.token, { rowId, textHash: c.textHash, readToken: c.readToken });
      expect(codeOf(changed)).toBe(RSP.CONTRACT_CHANGED);
    } finally {
      await setRate('YNIT-XT01', c.keyFacts.annualRate);
    }
    const after = await tableCounts(t.db);
    expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    expect(row?.state).toBe('APPROVED');
  });

  it('keeps the accepted text and hash with the evidence; later reads and the loan follow it even after the rate changes', async () => {
    const b = await makeReadyBorrower(t, 'lc-keep');
    const rowId = await approvedApplication(t, b);
    const served = okResult(await api.contract(b.token, rowId));
    t.clock.advance(READ_MS);
    const signedAt = t.clock.now();
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/loanMgr/signContract',
      headers: { accessToken: b.token, 'user-agent': 'ContractTest/1.0' },
      payload: { rowId, textHash: served.textHash, readToken: served.readToken },
    });
    expect(signed.json().response.rspCode).toBe(RSP.OK);
    expect(signed.json().result.application.state).toBe('SIGNED');
    expect(signed.json().result.application.signDeadline).toBe(served.signDeadline);

    const [kept] = await t.db.select().from(loanContracts).where(eq(loanContracts.applicationId, rowId));
    expect(kept).toMatchObject({
      userId: b.userId,
      contractNo: served.contractNo,
      version: 'LC-2',
      textHash: served.textHash,
      keyFacts: served.keyFacts,
      userAgent: 'ContractTest/1.0',
    });
    expect(kept?.signedAt.getTime()).toBe(signedAt.getTime());
    // the text is sealed: it opens as the text served, whose sha256 is the kept hash
    expect(open(t.config, 'contractBody', kept?.id ?? 0, kept?.bodyEnc ?? '')).toBe(served.body);
    expect(sha256(served.body)).toBe(served.textHash);
    expect(kept?.ip).toBeTruthy();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, b.userId), eq(auditLog.action, 'application.contract_signed')));
    expect(audits.map((a) => a.detail)).toEqual([
      { applicationId: rowId, contractNo: served.contractNo, version: 'LC-2', textHash: served.textHash },
    ]);

    await setRate('YNIT-XT01', '0.1500');
    try {
      const again: LoanContractView = okResult(await api.contract(b.token, rowId));
      expect(again.body).toBe(served.body);
      expect(again.keyFacts).toEqual(served.keyFacts);
      expect(again.schedule).toEqual(served.schedule);
      expect(again.signed).toEqual({ signedAt: signedAt.toISOString(), textHash: served.textHash });
      expect(again.readToken).toBe('');
      // the loan made at disbursement follows the signed contract, not the product's new rate
      await deliverAfterDelay(t);
      const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
      expect(loan?.annualRate).toBe(served.keyFacts.annualRate);
      const [first] = await t.db
        .select()
        .from(instalments)
        .where(eq(instalments.loanId, loan?.id ?? 0))
        .limit(1);
      expect(first?.interestFen).toBe(yuanToFen(served.schedule[0]?.interest ?? ''));
    } finally {
      await setRate('YNIT-XT01', served.keyFacts.annualRate);
    }
  });
});

describe('the signed contract as a PDF', () => {
  it('is the kept text, owner only, after signing; the loan detail links it', async () => {
    const b = await makeReadyBorrower(t, 'lc-pdf');
    const rowId = await approvedApplication(t, b);
    const before = await api.contractPdf(b.token, rowId);
    expect(before.json().response.rspCode).toBe(RSP.CONTRACT_NOT_SIGNED);
    okResult(await api.sign(b.token, rowId));
    const c = okResult(await api.contract(b.token, rowId));

    const pdf = await api.contractPdf(b.token, rowId);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(`loan-contract-${c.contractNo}.pdf`);
    const { pdfText } = await import('./helpers/pdf-text.ts');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(READY_COMPANY.companyName);
    expect(text).toContain(formatYuan(50_000_000));
    expect(text).toContain(c.contractNo);
    expect(text).toContain(c.textHash);

    const record = await t.app.inject({
      method: 'GET',
      url: `/api/loanMgr/loanRecordDetail?rowId=${rowId}`,
      headers: { accessToken: b.token },
    });
    expect(record.json().result.contractRowId).toBe(rowId);
  });

  it('another borrower gets the answer of a missing id for the contract and its PDF', async () => {
    const owner = await makeReadyBorrower(t, 'lc-owner');
    const intruder = await makeReadyBorrower(t, 'lc-intruder');
    const rowId = await approvedApplication(t, owner);
    okResult(await api.sign(owner.token, rowId));
    const missing = (await api.contract(intruder.token, 999_999)).response;
    expect(missing.rspCode).toBe(RSP.APPLICATION_NOT_FOUND);
    const read = await api.contract(intruder.token, rowId);
    expect(read.response).toEqual(missing);
    expect(read.result).toBeNull();
    const pdf = await api.contractPdf(intruder.token, rowId);
    expect(pdf.headers['content-type']).toContain('application/json');
    expect(pdf.json().response).toEqual(missing);
    expect(pdf.body).not.toContain(READY_COMPANY.companyName);
  });
});
