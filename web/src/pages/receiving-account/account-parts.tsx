import {
  type EnumDisplay,
  PAYOUT_POINTING_LABELS,
  type PayoutPointing,
  SETTLEMENT_CHECK_RULES,
  SETTLEMENT_CHECK_STATE_LABELS,
  type SettlementCheckState,
  SUB_ACCOUNT_STATE_LABELS,
  type SubAccountState,
  yuanToFen,
} from '@loan/domain';
import { Alert, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/errors';
import { APPLY_SECTION_PATH } from '../../app/paths';
import { coloured } from '../../components/records/enum-display';
import { EnumTag } from '../../components/records/RecordParts';

/** How the receiving account's states are shown, and the checks the page makes before asking the server. */

export const SUB_ACCOUNT_DISPLAY = coloured<SubAccountState>(SUB_ACCOUNT_STATE_LABELS, {
  OPENING: 'processing',
  OPEN: 'success',
  FAILED: 'error',
  CLOSED: 'default',
});

export const SETTLEMENT_DISPLAY = coloured<SettlementCheckState>(SETTLEMENT_CHECK_STATE_LABELS, {
  PENDING: 'processing',
  VERIFIED: 'success',
  FAILED: 'error',
  EXPIRED: 'default',
});

export const PAYOUT_DISPLAY = coloured<PayoutPointing>(PAYOUT_POINTING_LABELS, {
  POINTED: 'success',
  NOT_POINTED: 'warning',
  CHECKING: 'processing',
  DIVERTED: 'error',
});

/** Why a small-deposit amount cannot be sent, or null: yuan with two places at most, 0.01–0.99. */
export function depositAmountProblem(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return '请输入对公账户收到的打款金额';
  let fen: number;
  try {
    fen = yuanToFen(value);
  } catch {
    return '金额格式不正确，如 0.37';
  }
  if (fen < SETTLEMENT_CHECK_RULES.minDepositFen || fen > SETTLEMENT_CHECK_RULES.maxDepositFen)
    return '打款金额在 0.01 至 0.99 元之间';
  return null;
}

/** Why a corporate account number cannot be sent, or null: 8–30 digits (spaces are ignored). */
export function corporateAccountProblem(text: string | undefined): string | null {
  const value = (text ?? '').replace(/\s+/g, '');
  if (!value) return '请输入对公账号';
  if (!/^\d{8,30}$/.test(value)) return '对公账号为8-30位数字';
  return null;
}

/** "?from=" of the bank application that sent the borrower here: only a path of this app's apply pages. */
export function returnPathOf(from: string | null): string | null {
  if (!from?.startsWith(`${APPLY_SECTION_PATH}/`) || from.includes('://')) return null;
  return from;
}

export const failureText = (error: unknown, fallback = '操作失败，请稍后重试') =>
  isApiError(error) ? error.desc : fallback;

/** A failure of a whole card's action, shown in the card. */
export function CardError({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert className="form-alert" type="error" showIcon title={failureText(error)} />;
}

/** One card of the page: its title with the state's tag (once there is one), what it is for, then its body. */
export function AccountCard({
  title,
  state,
  intro,
  children,
}: {
  title: string;
  state: EnumDisplay | null | undefined;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless" title={title} extra={state && <EnumTag display={state} />}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {children}
    </Card>
  );
}
