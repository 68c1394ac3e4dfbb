import { formatYuan, RSP, yuanToFen } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from './helpers/app.ts';
import { type applicationCalls, applicationsApp, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, READY_COMPANY } from './helpers/borrower.ts';
import { approvedApplication } from './helpers/contracts.ts';
import { pdfText } from './helpers/pdf-text.ts';

/** The loan contract as a document: its preview before signing, and the signed one with evidence, seal and code. */
let t: TestApp;
let api: ReturnType<typeof applicationCalls>;

beforeAll(async () => {
  ({ t, api } = await applicationsApp());
});
afterAll(async () => t.close());

const fen = (yuan: string) => formatYuan(yuanToFen(yuan));

describe('the loan contract PDF', () => {
  it('before signing: a preview watermarked 预览（未签署）, the schedule a table with its totals, no seal, no code', async () => {
    const b = await makeReadyBorrower(t, 'lcpdf-preview');
    const rowId = await approvedApplication(t, b);
    const view = okResult(await api.contract(b.token, rowId));
    const res = await api.contractPreviewPdf(b.token, rowId);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(
      `loan-contract-preview-${view.contractNo}.pdf`,
    );
    const text = await pdfText(res.rawPayload);
    for (const part of [
      '预览（未签署）',
      view.contractNo,
      '合同各方',
      READY_COMPANY.companyName,
      view.parties.bankName,
      '期数',
      '应还日期',
      '剩余本金',
      '合计',
      fen(view.keyFacts.totalRepay),
      fen(view.schedule[0]?.payment ?? '0'),
    ]) {
      expect(text, part).toContain(part);
    }
    // the schedule drawn as cells, not as the text's pipe-separated lines
    expect(text).not.toContain(' | ');
    expect(text).not.toContain('文件编号');
    expect(text).not.toContain('合同专用章');
  });

  it('signed: the evidence (time, IP, device, hash), the platform seal and a code whose check shows the bank', async () => {
    const b = await makeReadyBorrower(t, 'lcpdf-signed');
    const rowId = await approvedApplication(t, b);
    okResult(await api.sign(b.token, rowId));
    const view = okResult(await api.contract(b.token, rowId));
    const text = await pdfText((await api.contractPdf(b.token, rowId)).rawPayload);
    for (const part of [
      '电子签署记录',
      '签署 IP：127.0.0.1',
      '签署设备',
      view.textHash,
      '合同专用章',
      '合同各方',
    ]) {
      expect(text, part).toContain(part);
    }
    expect(text).not.toContain('预览（未签署）');
    const docNo = /文件编号：([0-9A-Z]+)/.exec(text)?.[1] ?? '';
    const code = /验证码：([0-9A-Z]+)/.exec(text)?.[1] ?? '';
    expect(docNo).toMatch(/^HT\d{8}[0-9A-Z]{8}$/);
    const facts = okResult(await call(t.app, 'GET', '/docs/verify', { docNo, code }));
    expect(facts).toMatchObject({
      kind: 'CONTRACT',
      kindLabel: '借款合同',
      amount: view.keyFacts.amount,
      payer: READY_COMPANY.companyName,
      payee: view.parties.bankName,
    });

    const preview = (await api.contractPreviewPdf(b.token, rowId)).json();
    expect(preview.response.rspCode).toBe(RSP.STATE_NOT_ALLOWED);
    expect(preview.response.rspDesc).toContain('已签署');
  });

  it('another borrower gets the answer of a missing id for the preview', async () => {
    const owner = await makeReadyBorrower(t, 'lcpdf-owner');
    const intruder = await makeReadyBorrower(t, 'lcpdf-intruder');
    const rowId = await approvedApplication(t, owner);
    const res = await api.contractPreviewPdf(intruder.token, rowId);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().response.rspCode).toBe(RSP.APPLICATION_NOT_FOUND);
  });
});
