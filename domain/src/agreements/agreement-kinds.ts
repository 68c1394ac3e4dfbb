import { RSP, type RspCode } from '../api/rsp-codes.ts';
import { oneOf } from '../one-of.ts';

/**
 * The agreements a borrower reads and accepts (docs/PRODUCT.md §2.1): the general tick-box page and the three documents,
 * each at its own portal route, each with a reading time before the accept button works. The server keeps
 * the versioned texts; the kinds and their rules are here.
 */
export const AGREEMENT_KINDS = ['GENERAL', 'SERVICE', 'INFO', 'RELEASE'] as const;

export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export interface AgreementKindInfo {
  readonly kind: AgreementKind;
  readonly title: string;
  readonly route: string;
  /** Seconds the text must be open before it can be accepted. */
  readonly minReadSeconds: number;
  readonly summary: string;
}

export const AGREEMENT_KIND_INFO: Readonly<Record<AgreementKind, AgreementKindInfo>> = {
  GENERAL: {
    kind: 'GENERAL',
    title: '用户服务协议',
    route: '/agreement',
    minReadSeconds: 5,
    summary: '使用本平台服务的基本约定，勾选同意后继续',
  },
  SERVICE: {
    kind: 'SERVICE',
    title: '融资咨询服务协议',
    route: '/serviceAgreement',
    minReadSeconds: 10,
    summary: '平台为您提供融资咨询服务的内容、服务费标准及双方权利义务',
  },
  INFO: {
    kind: 'INFO',
    title: '信息咨询服务协议',
    route: '/infoAgreement',
    minReadSeconds: 10,
    summary: '平台向合作机构提供信息咨询服务的范围及个人信息保护约定',
  },
  RELEASE: {
    kind: 'RELEASE',
    title: '授权书',
    route: '/releaseForm',
    minReadSeconds: 10,
    summary: '授权平台及合作机构查询、使用企业和法定代表人的征信信息及店铺经营数据',
  },
};

export const isAgreementKind = oneOf(AGREEMENT_KINDS);

/** The kind shown at a portal path ("/serviceAgreement" → SERVICE), or null. */
export function agreementKindOfRoute(path: string): AgreementKind | null {
  return AGREEMENT_KINDS.find((kind) => AGREEMENT_KIND_INFO[kind].route === path) ?? null;
}

/** Whole seconds still to read after `elapsedMs` (for the countdown on the accept button); 0 when done. */
export function readingSecondsLeft(kind: AgreementKind, elapsedMs: number): number {
  const elapsed = Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0;
  return Math.max(0, Math.ceil((AGREEMENT_KIND_INFO[kind].minReadSeconds * 1000 - elapsed) / 1000));
}

/**
 * Why an acceptance after `elapsedMs` of reading cannot be recorded (the server measures from when it served
 * the text), or null when it can.
 */
export function agreementReadingProblem(
  kind: AgreementKind,
  elapsedMs: number,
): { code: RspCode; reason: string } | null {
  const left = readingSecondsLeft(kind, elapsedMs);
  if (left === 0) return null;
  const { title } = AGREEMENT_KIND_INFO[kind];
  return { code: RSP.AGREEMENT_READ_TOO_SHORT, reason: `请完整阅读《${title}》，${left} 秒后可同意` };
}
