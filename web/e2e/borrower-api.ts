import {
  AGREEMENT_KINDS,
  type AgreementText,
  type ApplicationDetail,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
  encryptField,
  idCardCheckCharacter,
  type LoanContractView,
  type LoanRecordDetail,
  RSP,
  usccCheckCharacter,
} from '@loan/domain';
import { TINY_PNG } from './document-files.ts';
import { baseURL, until, WAIT } from './support.ts';

/**
 * A borrower brought to a disbursed loan through the API: the same calls the pages make, so the browser tests
 * that start after the decision do not repeat the apply journey's clicks.
 */

const cipher = (plain: string) =>
  encryptField(plain, { key: DEFAULT_FIELD_CIPHER_KEY, iv: DEFAULT_FIELD_CIPHER_IV });

type Answer<T> = { response: { rspCode: string; rspDesc: string }; result: T };

export async function answer<T>(
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

export async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  payload?: object,
): Promise<T> {
  const body = await answer<T>(method, path, token, payload);
  if (body.response.rspCode !== RSP.OK) throw new Error(`${path}: ${JSON.stringify(body.response)}`);
  return body.result;
}

/** Uploads a document as the page does: multipart/form-data with the kind and the file. */
async function uploadDocument(token: string, kind: string): Promise<number> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), `${kind}.png`);
  const res = await fetch(`${baseURL()}/api/users/uploadDocument`, {
    method: 'POST',
    headers: { accessToken: token },
    body: form,
  });
  const body = (await res.json()) as Answer<{ documentId: number }>;
  if (body.response.rspCode !== RSP.OK) throw new Error(`uploadDocument: ${JSON.stringify(body.response)}`);
  return body.result.documentId;
}

export interface LoanPlan {
  loginId: string;
  password: string;
  /** the password the first sign-in changes it to */
  newPassword: string;
  name: string;
  /** the store the borrower authorises */
  sellerId: string;
  productCode: string;
  amount: string;
  termMonths: number;
}

/**
 * A borrower ready to apply: the first sign-in's password change, the store authorised, the agreements accepted
 * and the company certified; the session token.
 */
export async function readyBorrower(plan: LoanPlan): Promise<string> {
  const first = await api<{ accessToken: string }>('POST', '/application_vue/userLogin', null, {
    loginId: plan.loginId,
    password: cipher(plan.password),
  });
  const { accessToken: token } = await api<{ accessToken: string }>(
    'POST',
    '/users/modifyPwd',
    first.accessToken,
    { oldPassword: cipher(plan.password), newPassword: cipher(plan.newPassword) },
  );
  await api('POST', '/seller/againMwsToken', token, {
    sellerId: plan.sellerId,
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
  const upload = (kind: string) => uploadDocument(token, kind);
  const uscc = `91440300MA5G8XKQ3${usccCheckCharacter('91440300MA5G8XKQ3')}`;
  const id = `11010519800101123${idCardCheckCharacter('11010519800101123')}`;
  await api('POST', '/users/insertLoanCertification', token, {
    companyName: '深圳明远跨境电子商务有限公司',
    uscc,
    legalName: plan.name,
    idNumber: cipher(id),
    legalPhone: '13912345670',
    bankCardNo: cipher('6222020200112233446'),
    bankName: '广发银行深圳分行',
    licenceDocId: await upload('BUSINESS_LICENCE'),
    idFrontDocId: await upload('ID_CARD_FRONT'),
    idBackDocId: await upload('ID_CARD_BACK'),
  });
  return token;
}

/** Waits until the application is in this state. */
export const applicationIn = (token: string, rowId: number, state: string) =>
  until(`application ${rowId} in ${state}`, async () => {
    const detail = await api<ApplicationDetail>('GET', '/loanMgr/application', token, { rowId });
    return detail.application.state === state ? true : undefined;
  });

/**
 * The plan's product applied for and submitted; its rowId. The sandbox bank decides after its delay, or, with
 * `heldByBank`, only once the test releases it (bankHold).
 */
export async function submittedApplication(
  plan: LoanPlan,
  token: string,
  { heldByBank = false } = {},
): Promise<number> {
  const draft = await api<ApplicationDetail>('POST', '/loanMgr/createApplication', token, {
    productCode: plan.productCode,
  });
  const rowId = draft.application.rowId;
  if (heldByBank) await bankHold(rowId, true);
  await api('POST', '/loanMgr/submitApplication', token, {
    rowId,
    amount: plan.amount,
    termMonths: plan.termMonths,
    purpose: '采购旺季库存',
  });
  return rowId;
}

/**
 * The sandbox bank keeps its answers about `rowId` (decision, disbursement) back until released, or lets them go
 * (/dev/sandbox/bankHold): a test sees the page in the state before the answer whatever the machine's speed.
 */
export async function bankHold(rowId: number, hold: boolean): Promise<void> {
  await api('POST', '/dev/sandbox/bankHold', null, { rowId, hold });
}

/** The plan's product applied for and submitted; its rowId once the sandbox bank has approved it. */
export async function approvedApplication(plan: LoanPlan, token: string): Promise<number> {
  const rowId = await submittedApplication(plan, token);
  await applicationIn(token, rowId, 'APPROVED');
  return rowId;
}

/** The borrower's collection sub-account at `bankCode`, asked for on /lock/openSubAccount and waited for (OPEN). */
export async function openedSubAccount(token: string, bankCode: string): Promise<void> {
  await api('POST', '/lock/openSubAccount', token, { bankCode });
  await until(`sub-account at ${bankCode} open`, async () => {
    const view = await api<{ current: { state: string } | null }>('GET', '/lock/account', token);
    return view.current?.state === 'OPEN' ? true : undefined;
  });
}

/**
 * Signs the approved application's loan contract as the page does: reads it, then signs with the hash and read
 * token it was served once the server's reading time has passed (3405 until then).
 */
export async function signContract(token: string, rowId: number): Promise<void> {
  const contract = await api<LoanContractView>('GET', '/loanMgr/loanContract', token, { rowId });
  const sign = { rowId, textHash: contract.textHash, readToken: contract.readToken };
  await until(
    `contract of ${rowId} signed after its reading time`,
    async () => {
      const res = await answer('POST', '/loanMgr/signContract', token, sign);
      if (res.response.rspCode === RSP.CONTRACT_READ_TOO_SHORT) return undefined;
      if (res.response.rspCode !== RSP.OK) throw new Error(`signContract: ${JSON.stringify(res.response)}`);
      return true;
    },
    { withinMs: contract.minReadSeconds * 1000 + WAIT, everyMs: 500 },
  );
}

/** A CGB loan (the bank's collection account and contract steps), disbursed; its rowId and first due date. */
export async function disbursedLoan(
  plan: LoanPlan,
): Promise<{ rowId: number; firstDue: string; token: string }> {
  const token = await readyBorrower(plan);
  const rowId = await approvedApplication(plan, token);
  const waitFor = (state: string) => applicationIn(token, rowId, state);
  const approved = await api<ApplicationDetail>('GET', '/loanMgr/application', token, { rowId });
  await openedSubAccount(token, approved.application.bank);
  await signContract(token, rowId);
  await waitFor('DISBURSED');
  const record = await api<LoanRecordDetail>('GET', '/loanMgr/loanRecordDetail', token, { rowId });
  const firstDue = record.instalments[0]?.dueDate;
  if (!firstDue) throw new Error('the loan has no schedule');
  return { rowId, firstDue, token };
}
