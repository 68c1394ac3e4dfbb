import { AGREEMENT_KIND_INFO, type AgreementKind, type AgreementText } from '@loan/domain';

/** An agreement text as the server serves it to a signed-in user (tests). */
export function agreementText(kind: AgreementKind, overrides: Partial<AgreementText> = {}): AgreementText {
  const info = AGREEMENT_KIND_INFO[kind];
  return {
    kind,
    version: 'v1',
    title: info.title,
    body: `导言：请仔细阅读。\n\n第一条 协议双方\n1.1 甲方为借款企业。\n1.2 乙方为平台运营方。\n\n第二条 服务费\n服务费按实际放款本金乘以服务费率计算。`,
    textHash: 'a'.repeat(64),
    minReadSeconds: info.minReadSeconds,
    readToken: '1767225600000.abc',
    acceptedAt: null,
    ...overrides,
  };
}
