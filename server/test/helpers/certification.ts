import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { cipher, createTestApp, login, type TestApp } from './app.ts';
import { addBorrower } from './borrowers.ts';
import { realJpeg, realPdf, realPng } from './upload-files.ts';
import { uploadFile } from './uploads.ts';

export const SAVE_CERTIFICATION = '/users/insertLoanCertification';
export const GET_CERTIFICATION = '/users/loanCertification';

/** The legal person's identity number, phone and card, and the company's credit code of the test form. */
export const CERT_FORM = {
  idNumber: '11010519491231002X',
  phone: '13912345678',
  card: '4111111111111111',
  uscc: '91350100M000100Y43',
} as const;

export interface CertificationFiles {
  pdf: Buffer;
  jpeg: Buffer;
  png: Buffer;
}

export interface CertificationSetup {
  t: TestApp;
  /** the seeded demo user, logged in, and its id */
  demo: string;
  demoId: number;
  /** a second borrower (certother / Other1234), logged in, and its id */
  other: string;
  otherId: number;
  /** real files (pdfkit, sharp), made once */
  files: CertificationFiles;
}

/** An app with the demo user and a second borrower logged in, and real files to upload. */
export async function certificationSetup(): Promise<CertificationSetup> {
  const t = await createTestApp();
  const otherId = await addBorrower(t.db, t.config, 'certother', 'Other1234', t.clock.now());
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
  const demo = await login(t.app, 'demo', 'Demo1234');
  const other = await login(t.app, 'certother', 'Other1234');
  const [pdf, jpeg, png] = await Promise.all([realPdf(), realJpeg(), realPng()]);
  return { t, demo, demoId: row?.id ?? 0, other, otherId, files: { pdf, jpeg, png } };
}

export type CertificationDocs = Awaited<ReturnType<typeof uploadDocumentSet>>;

/** Uploads the four documents of a certification (licence, identity card both sides, sales) and gives their ids. */
export async function uploadDocumentSet(t: TestApp, token: string, files: CertificationFiles) {
  const ok = async (kind: string, data: Uint8Array, name: string) => {
    const res = await uploadFile(t.app, token, kind, data, name);
    expect(res.response.rspCode).toBe(RSP.OK);
    return res.result.documentId;
  };
  return {
    licenceDocId: await ok('BUSINESS_LICENCE', files.pdf, '营业执照.pdf'),
    idFrontDocId: await ok('ID_CARD_FRONT', files.jpeg, 'front.jpg'),
    idBackDocId: await ok('ID_CARD_BACK', files.png, 'back.png'),
    salesDocId: await ok('SALES_STATEMENT', files.pdf, 'sales.pdf'),
  };
}

/** A full certification form as the page sends it (identity number and card enciphered), with these documents. */
export function certificationRequest(
  docs: CertificationDocs | undefined,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    companyName: '深圳市跨境优选贸易有限公司',
    uscc: CERT_FORM.uscc,
    legalName: '张明',
    idNumber: cipher(CERT_FORM.idNumber),
    legalPhone: CERT_FORM.phone,
    bankCardNo: cipher(CERT_FORM.card),
    bankName: '招商银行深圳分行',
    ...docs,
    ...overrides,
  };
}
