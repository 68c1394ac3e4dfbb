import { OPS_API } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

export interface UnappliedLine {
  outTradeNo: string;
  loginId: string;
  amount: string;
  unapplied: string;
  refundNo: string | null;
  refundStatus: string | null;
  reason: string | null;
  updatedAt: string;
}
export interface DivertedLine {
  loginId: string;
  destination: string | null;
  checkedAt: string | null;
  notifiedAt: string | null;
}
export interface WaitingLine {
  rowId: number;
  loginId: string;
  bankName: string;
  productCode: string;
  state: string;
  amount: string | null;
  submittedAt: string | null;
  hoursWaiting: number;
}
export interface AccessLine {
  loginId: string;
  disabled: boolean;
  lockedUntil: string | null;
}

const list = <T>(key: string, path: string) =>
  queryOptions({ queryKey: ['ops', 'queues', key], queryFn: () => opsRequest<T[]>('GET', path) });

export const unappliedQuery = () => list<UnappliedLine>('unapplied', OPS_API.queueUnapplied);
export const divertedQuery = () => list<DivertedLine>('diverted', OPS_API.queueDiverted);
export const waitingQuery = () => list<WaitingLine>('waiting', OPS_API.queueWaiting);
export const accessQuery = () => list<AccessLine>('access', OPS_API.queueAccess);
