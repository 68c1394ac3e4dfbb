import type { DocumentKind, StoreAuthStatus } from '@loan/domain';
import { eq } from 'drizzle-orm';
import {
  agreementAcceptances,
  documents,
  loanCertifications,
  sellerStores,
  users,
} from '../../src/db/schema.ts';
import { seal } from '../../src/lib/sealed-columns.ts';
import { currentVersions } from '../../src/modules/agreements/service.ts';
import { login, type TestApp } from './app.ts';
import { addBorrower } from './borrowers.ts';

/** Trailing twelve months' sales of a ready borrower's store: 2 400 000.00 yuan (sandbox limit 720 000.00). */
export const READY_ANNUAL_SALES_FEN = 2_400_000_00;

export const READY_COMPANY = { companyName: '深圳市跨境优选贸易有限公司', uscc: '91440300MA5FXXXX0X' };

export interface ReadyBorrower {
  userId: number;
  loginId: string;
  password: string;
  token: string;
}

/**
 * The seller id of a ready borrower's store. It ends in 0: the collections sandbox's half-paying stores end in 7
 * (makeHalfPayer), so this store pays in full whatever id the database gave the borrower.
 */
export const readySellerId = (userId: number) => `A${String(userId).padStart(10, '0')}0`;

export interface ReadyBorrowerOptions {
  /** default true: a full certification (company, legal person, bank card, sales statement) */
  certified?: boolean;
  /** default true: the current version of every agreement accepted */
  agreements?: boolean;
  /** default '03' (authorised); null: no store at all */
  storeStatus?: StoreAuthStatus | null;
  annualSalesFen?: number;
  uscc?: string;
}

/**
 * A borrower who may apply: a user (password already changed) with an authorised store (status 03, sales
 * READY_ANNUAL_SALES_FEN, expires in a year, checked just now), the current agreements accepted and a full
 * certification with its documents, all inserted directly. Returns a session token too.
 */
export async function makeReadyBorrower(
  t: TestApp,
  loginId: string,
  options: ReadyBorrowerOptions = {},
): Promise<ReadyBorrower> {
  const now = t.clock.now();
  const password = 'Ready1234';
  const userId = await addBorrower(t.db, t.config, loginId, password, now);
  const storeStatus = options.storeStatus === undefined ? '03' : options.storeStatus;
  if (storeStatus !== null) {
    await t.db.insert(sellerStores).values({
      userId,
      sellerId: readySellerId(userId),
      sellerName: `${loginId} 的店铺`,
      marketplaceIds: ['ATVPDKIKX0DER'],
      status: storeStatus,
      annualSalesFen: options.annualSalesFen ?? READY_ANNUAL_SALES_FEN,
      authorisedAt: now,
      expiresAt: new Date(now.getTime() + 365 * 24 * 3600_000),
      checkedAt: now,
      updatedAt: now,
    });
  }
  if (options.agreements !== false) await acceptAllAgreements(t, userId);
  if (options.certified !== false) await certify(t, userId, options.uscc ?? READY_COMPANY.uscc);
  return { userId, loginId, password, token: await login(t.app, loginId, password) };
}

export async function acceptAllAgreements(t: TestApp, userId: number): Promise<void> {
  const now = t.clock.now();
  for (const version of (await currentVersions(t.db)).values()) {
    await t.db
      .insert(agreementAcceptances)
      .values({
        userId,
        versionId: version.id,
        kind: version.kind,
        textHash: version.textHash,
        acceptedAt: now,
        ip: '127.0.0.1',
      })
      .onConflictDoNothing();
  }
}

async function doc(t: TestApp, userId: number, kind: DocumentKind): Promise<number> {
  const [row] = await t.db
    .insert(documents)
    .values({
      userId,
      kind,
      storageKey: `test/${userId}/${kind}`,
      mimeType: 'image/png',
      sizeBytes: 100,
      sha256: '0'.repeat(64),
      fileName: `${kind}.png`,
      createdAt: t.clock.now(),
    })
    .returning({ id: documents.id });
  if (!row) throw new Error('document not inserted');
  return row.id;
}

/** A full certification: company with licence, legal person with both ID sides, bank card, sales statement. */
export async function certify(t: TestApp, userId: number, uscc: string = READY_COMPANY.uscc): Promise<void> {
  const now = t.clock.now();
  const sealed = (name: 'legalName' | 'idNumber' | 'legalPhone' | 'bankCard', plain: string) =>
    seal(t.config, name, userId, plain);
  await t.db.insert(loanCertifications).values({
    userId,
    companyName: READY_COMPANY.companyName,
    uscc,
    legalNameEnc: sealed('legalName', '王其'),
    idNumberEnc: sealed('idNumber', '11010519491231002X'),
    legalPhoneEnc: sealed('legalPhone', '13800138000'),
    bankCardEnc: sealed('bankCard', '6222020200112233445'),
    bankName: '中国工商银行',
    licenceDocId: await doc(t, userId, 'BUSINESS_LICENCE'),
    idFrontDocId: await doc(t, userId, 'ID_CARD_FRONT'),
    idBackDocId: await doc(t, userId, 'ID_CARD_BACK'),
    salesDocId: await doc(t, userId, 'SALES_STATEMENT'),
    createdAt: now,
    updatedAt: now,
  });
}

export async function userRow(t: TestApp, userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no such user');
  return row;
}
