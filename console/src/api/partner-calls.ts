import { OPS_API } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

export interface PartnerCallLine {
  callId: number;
  partner: string;
  operation: string;
  operationLabel: string;
  subject: string;
  state: string;
  attempts: number;
  lastError: string | null;
  held: boolean;
  createdAt: string;
  updatedAt: string;
}

export const partnerCallsQuery = (state: 'OPEN' | 'REFUSED') =>
  queryOptions({
    queryKey: ['ops', 'partner-calls', state],
    queryFn: () => opsRequest<PartnerCallLine[]>('GET', OPS_API.partnerCalls, { state }),
  });

export const retryPartnerCall = (callId: number) =>
  opsRequest<{ outcome: string }>('POST', OPS_API.partnerCallRetry, { callId });
