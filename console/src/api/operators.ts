import { OPS_API } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

export interface SessionLine {
  ref: string;
  loginId: string;
  name: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'sessions'],
    queryFn: () => opsRequest<SessionLine[]>('GET', OPS_API.sessions),
  });

/** Where an invitation went, and until when its one-time password works (the password itself is never shown). */
export interface Invitation {
  loginId: string;
  email: string;
  expiresAt: string;
}

export const operatorActs = {
  create: (loginId: string, name: string, email: string) =>
    opsRequest<Invitation>('POST', OPS_API.operatorCreate, { loginId, name, email }),
  resendInvitation: (loginId: string) =>
    opsRequest<Invitation>('POST', OPS_API.operatorResendInvitation, { loginId }),
  setRoles: (loginId: string, roles: string[]) =>
    opsRequest<{ requestId: number }>('POST', OPS_API.operatorSetRoles, { loginId, roles }),
  setDisabled: (loginId: string, disabled: boolean) =>
    opsRequest('POST', OPS_API.operatorSetDisabled, { loginId, disabled }),
  resetTotp: (loginId: string) => opsRequest('POST', OPS_API.operatorResetTotp, { loginId }),
  endSession: (ref: string) => opsRequest('POST', OPS_API.sessionEnd, { ref }),
};
