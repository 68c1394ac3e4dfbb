import { amountInChineseCapitals, maskIdNumber, PRODUCT_NAME, shanghaiDate } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import {
  registerSettlementCertificate,
  type SettlementCertificateFacts,
  settlementCertificatePdf,
} from '../src/modules/issued-documents/settlement-certificate.ts';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { pdfText } from './helpers/pdf-text.ts';

/** The 结清证明 builder and its registration, as the settlement flow will call them. */
let t: TestApp;
let userId: number;

const COMPANY = '深圳市跨境优选贸易有限公司';
const USCC = maskIdNumber('91440300MA5FXXXX0X');

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
  userId = demo?.id ?? 0;
  expect(userId).toBeGreaterThan(0);
});
afterAll(() => t.close());

const figures = {
  principalFen: 12_000_000,
  interestFen: 43_210,
  feeFen: 120_000,
  penaltyFen: 5,
  feeWaivedFen: 60_000,
  totalFen: 12_163_215,
};

async function certificate(loanId: number, overrides: Partial<SettlementCertificateFacts> = {}) {
  const issued = await registerSettlementCertificate(t.db, {
    loanId,
    userId,
    borrowerName: COMPANY,
    totalFen: figures.totalFen,
    issuer: t.config.platform.legalName,
    now: t.clock.now(),
  });
  const facts: SettlementCertificateFacts = {
    docNo: issued.docNo,
    verifyCode: issued.verifyCode,
    borrowerName: COMPANY,
    borrowerUscc: USCC,
    loanId,
    bankName: '广发银行',
    productName: '跨境贷',
    ...figures,
    disbursedDate: '2025-11-27',
    settledDate: '2026-03-02',
    issuedAt: t.clock.now(),
    ...overrides,
  };
  return { issued, facts };
}

describe('settlementCertificatePdf', () => {
  it('says who settled which loan when, with every figure, the total in capitals, the seal and the code', async () => {
    const { issued, facts } = await certificate(9001);
    const text = await pdfText(await settlementCertificatePdf(facts, t.config.platform));
    for (const part of [
      '结清证明',
      PRODUCT_NAME,
      COMPANY,
      USCC,
      '广发银行',
      '跨境贷',
      '贷款编号 9001',
      '2025-11-27',
      '2026-03-02',
      '120000.00',
      '432.10',
      '1200.00',
      '0.05',
      '600.00',
      '121632.15 元',
      amountInChineseCapitals(figures.totalFen),
      '结清证明专用章',
      `文件编号：${issued.docNo}`,
      `验证码：${issued.verifyCode}`,
      `出具方：${t.config.platform.legalName}`,
    ]) {
      expect(text, part).toContain(part);
    }
    expect(amountInChineseCapitals(figures.totalFen)).toBe('壹拾贰万壹仟陆佰叁拾贰元壹角伍分');
    expect(issued.docNo).toMatch(/^JQ\d{8}[0-9A-Z]{8}$/);
  });

  it('refuses a total that is not the sum of its parts', async () => {
    const { facts } = await certificate(9002, { totalFen: figures.totalFen + 1 });
    await expect(settlementCertificatePdf(facts, t.config.platform)).rejects.toThrow(/not the sum/);
  });
});

describe('registerSettlementCertificate', () => {
  it('one number per loan, and its public check shows the masked facts', async () => {
    const first = await certificate(9003);
    const again = await certificate(9003);
    expect(again.issued).toEqual(first.issued);
    const facts = okResult(
      await call(t.app, 'GET', '/docs/verify', { docNo: first.issued.docNo, code: first.issued.verifyCode }),
    );
    expect(facts).toEqual({
      kind: 'SETTLEMENT_CERT',
      kindLabel: '结清证明',
      docNo: first.issued.docNo,
      issueDate: shanghaiDate(t.clock.now()),
      amount: '121632.15',
      payer: COMPANY,
      payee: t.config.platform.legalName,
    });
  });
});
