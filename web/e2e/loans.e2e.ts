import { readFileSync } from 'node:fs';
import {
  AGREEMENT_KINDS,
  type AgreementText,
  type ApplicationDetail,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
  encryptField,
  idCardCheckCharacter,
  type LoanRecordDetail,
  RSP,
  usccCheckCharacter,
} from '@loan/domain';
import { describe, expect, it, onTestFailed } from 'vitest';
import {
  baseURL,
  browserPerFile,
  DESKTOP,
  login,
  newPage,
  PHONE,
  screenshot,
  until,
  WAIT,
  zipEntries,
} from './support.ts';
import { E2E_USERS } from './users.ts';

/**
 * After the decision (issue 4): a borrower gets to a disbursed loan through the API (the same calls the pages
 * make, so this file does not repeat the apply journey's clicks), a month passes in the collections sandbox
 * (developers' trigger, not in production), then the browser shows the loan in the records with its schedule,
 * the repayment in the transaction records, and the export downloads the rows.
 */

const browser = browserPerFile();
const USER = E2E_USERS.find((u) => u.loginId === 'e2e_loans');
if (!USER) throw new Error('e2e_loans missing from users.ts');
const NEW_PASSWORD = 'Loans56789';
const cipher = (plain: string) =>
  encryptField(plain, { key: DEFAULT_FIELD_CIPHER_KEY, iv: DEFAULT_FIELD_CIPHER_IV });

type Answer<T> = { response: { rspCode: string; rspDesc: string }; result: T };

async function answer<T>(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  payload?: object,
): Promise<Answer<T>> {
  const url = new URL(`${baseURL()}/api${path}`);
  if (method === 'GET' && payload) {
    for (const [k, v] of Object.entries(payload)) url.searchParams.set(k, String(v));
  }
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { accessToken: token } : {}) },
    body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
  });
  return (await res.json()) as Answer<T>;
}

async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  payload?: object,
): Promise<T> {
  const body = await answer<T>(method, path, token, payload);
  if (body.response.rspCode !== RSP.OK) throw new Error(`${path}: ${JSON.stringify(body.response)}`);
  return body.result;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');

/** A CGB loan of 200,000 yuan over 6 months, disbursed; returns its rowId and first due date. */
async function disbursedLoan(): Promise<{ rowId: number; firstDue: string; token: string }> {
  const first = await api<{ accessToken: string }>('POST', '/application_vue/userLogin', null, {
    loginId: USER?.loginId,
    password: cipher(USER?.password ?? ''),
  });
  const { accessToken: token } = await api<{ accessToken: string }>(
    'POST',
    '/users/modifyPwd',
    first.accessToken,
    {
      oldPassword: cipher(USER?.password ?? ''),
      newPassword: cipher(NEW_PASSWORD),
    },
  );
  await api('POST', '/seller/againMwsToken', token, {
    sellerId: 'A3LOANSTORE01',
    mwsAuthToken: cipher('amzn.mws.2b3c4d5e-6f70-4a8b-9cad-1e2f3a4b5c6d'),
  });
  const texts = await Promise.all(
    AGREEMENT_KINDS.map((kind) => api<AgreementText>('GET', '/users/agreement', token, { kind })),
  );
  // the reading time is measured by the server from when it served the text: accepted once it has passed
  for (const text of texts) {
    const read = {
      kind: text.kind,
      version: text.version,
      textHash: text.textHash,
      readToken: text.readToken,
    };
    await until(`${text.kind} accepted after its reading time`, async () => {
      const res = await answer('POST', '/users/userReadAgr', token, read);
      if (res.response.rspCode === RSP.AGREEMENT_READ_TOO_SHORT) return undefined;
      if (res.response.rspCode !== RSP.OK) throw new Error(`userReadAgr: ${JSON.stringify(res.response)}`);
      return true;
    });
  }
  const upload = async (kind: string) =>
    (
      await api<{ documentId: number }>('POST', '/users/uploadDocument', token, {
        kind,
        fileName: `${kind}.png`,
        dataBase64: PNG,
      })
    ).documentId;
  const uscc = `91440300MA5G8XKQ3${usccCheckCharacter('91440300MA5G8XKQ3')}`;
  const id = `11010519800101123${idCardCheckCharacter('11010519800101123')}`;
  await api('POST', '/users/insertLoanCertification', token, {
    companyName: '深圳明远跨境电子商务有限公司',
    uscc,
    legalName: '钱贷',
    idNumber: cipher(id),
    legalPhone: '13912345670',
    bankCardNo: cipher('6222020200112233445'),
    bankName: '广发银行深圳分行',
    licenceDocId: await upload('BUSINESS_LICENCE'),
    idFrontDocId: await upload('ID_CARD_FRONT'),
    idBackDocId: await upload('ID_CARD_BACK'),
  });
  const draft = await api<ApplicationDetail>('POST', '/loanMgr/createApplication', token, {
    productCode: 'CGB-KJED',
  });
  const rowId = draft.application.rowId;
  await api('POST', '/loanMgr/submitApplication', token, {
    rowId,
    amount: '200000.00',
    termMonths: 6,
    purpose: '采购旺季库存',
  });
  const waitFor = (state: string) =>
    until(`application ${rowId} in ${state}`, async () => {
      const detail = await api<ApplicationDetail>('GET', '/loanMgr/application', token, { rowId });
      return detail.application.state === state ? true : undefined;
    });
  await waitFor('APPROVED');
  await api('POST', '/loanMgr/completeStep', token, { rowId, step: 'OPEN_COLLECTION_ACCOUNT' });
  await api('POST', '/loanMgr/signContract', token, { rowId });
  await waitFor('DISBURSED');
  const record = await api<LoanRecordDetail>('GET', '/loanMgr/loanRecordDetail', token, { rowId });
  const firstDue = record.instalments[0]?.dueDate;
  if (!firstDue) throw new Error('the loan has no schedule');
  return { rowId, firstDue, token };
}

describe('after the decision: loan records, schedule, transactions, export', () => {
  it('a disbursed loan shows in the records with its schedule; a repayment shows in the transactions and the export', {
    timeout: 180_000,
  }, async () => {
    const { rowId, firstDue } = await disbursedLoan();
    // the first due date comes: the collections sandbox takes the instalment from the store's payout
    await api('POST', '/dev/sandbox/collect', null, { asOf: firstDue });

    const { context, page } = await newPage(browser(), DESKTOP);
    onTestFailed(() => screenshot(page, 'FAILED-loans'));
    await login(page, USER.loginId, NEW_PASSWORD);
    await page.goto('/record/loanRecord');
    const row = page.getByRole('row').filter({ hasText: '广发跨境e贷' });
    await row.getByText('还款中').waitFor();
    await row.getByText('200,000.00').first().waitFor();
    await screenshot(page, 'loans-records-desktop');

    await row.getByRole('link', { name: '详情' }).click();
    await page.waitForURL(`**/record/loanRecordDetail?rowId=${rowId}`);
    await page.getByText('已还清').first().waitFor();
    // six instalments, the first paid, the rest due
    const schedule = page.locator('.ant-table').filter({ hasText: firstDue }).first();
    await expect.poll(() => schedule.locator('tbody tr.ant-table-row').count(), { timeout: WAIT }).toBe(6);
    await expect.poll(() => schedule.getByText('待还').count(), { timeout: WAIT }).toBe(5);
    await screenshot(page, 'loans-detail-desktop');
    // a signed agreement opens as the version that was signed
    await page.getByRole('button', { name: '查看协议' }).first().click();
    const agreement = page.getByRole('dialog');
    await agreement.getByText(/签署的正是以下文本/).waitFor();
    await agreement.locator('.ant-modal-footer button').click();
    await agreement.waitFor({ state: 'hidden' });

    await page.goto('/trading/tradingRecord');
    await page.getByText('放款').first().waitFor();
    await page.getByText('还款').first().waitFor();
    await screenshot(page, 'loans-transactions-desktop');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^交易记录-\d{8}\.csv$/);
    const path = await file.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('放款');
    expect(csv).toContain('还款');
    expect(csv).toContain('200000.00');

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 Excel/ }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^交易记录-\d{8}\.xlsx$/);
    const entries = zipEntries(readFileSync(await xlsx.path()));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
    const sheet = entries['xl/worksheets/sheet1.xml'] ?? '';
    // the same rows as the CSV: headers, the disbursement, the repayment, in Chinese
    expect(sheet).toContain('>类型<');
    expect(sheet).toContain('>金额<');
    expect(sheet).toContain('放款');
    expect(sheet).toContain('还款');
    expect(sheet).toMatch(/<v>200000(\.00?)?<\/v>/);
    expect(sheet.match(/<row /g)?.length).toBe(csv.trimEnd().split('\r\n').length);

    await page.setViewportSize(PHONE);
    await page.goto(`/record/loanRecordDetail?rowId=${rowId}`);
    await page.getByText('已还清').first().waitFor();
    await screenshot(page, 'loans-detail-phone');
    await page.goto('/trading/tradingRecord');
    await page.getByText('还款').first().waitFor();
    await screenshot(page, 'loans-transactions-phone');
    await context.close();
  });
});
