import {
  type BankCode,
  OPS_API,
  type OpsEnrolment,
  type OpsLoginResult,
  type OpsOperator,
  type OpsSignedIn,
  type Permission,
  TIMEOUTS,
} from '@loan/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { opsRequest } from './http';

/** The sign-in steps wait as long as the borrowers' sign-in does (docs/PRODUCT.md §9: a password hash is slow). */
const SIGN_IN = { timeout: TIMEOUTS.login };

export const signInSteps = {
  password: (loginId: string, password: string) =>
    opsRequest<OpsLoginResult>('POST', OPS_API.login, { loginId, password }, SIGN_IN),
  totp: (challenge: string, code: string) =>
    opsRequest<OpsSignedIn>('POST', OPS_API.verifyTotp, { challenge, code }, SIGN_IN),
  recovery: (challenge: string, recoveryCode: string) =>
    opsRequest<OpsSignedIn>('POST', OPS_API.recoveryLogin, { challenge, recoveryCode }, SIGN_IN),
  changePassword: (challenge: string, newPassword: string) =>
    opsRequest<OpsLoginResult>('POST', OPS_API.changePassword, { challenge, newPassword }, SIGN_IN),
  enrolStart: (challenge: string) =>
    opsRequest<OpsEnrolment>('POST', OPS_API.enrolStart, { challenge }, SIGN_IN),
  enrolConfirm: (challenge: string, code: string) =>
    opsRequest<OpsSignedIn>('POST', OPS_API.enrolConfirm, { challenge, code }, SIGN_IN),
};

export const logout = () => opsRequest<null>('POST', OPS_API.logout);

export const meQuery = () =>
  queryOptions({ queryKey: ['ops', 'me'], queryFn: () => opsRequest<OpsOperator>('GET', OPS_API.me) });

export interface OperatorLine {
  loginId: string;
  name: string;
  disabled: boolean;
  totpEnrolled: boolean;
  /** the invitation's one-time password not yet replaced by the operator's own */
  invitationPending: boolean;
  email: string | null;
  createdAt: string;
  roles: { code: string; name: string }[];
}

export const operatorsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'operators'],
    queryFn: () => opsRequest<OperatorLine[]>('GET', OPS_API.operators),
  });

export interface RoleLine {
  code: string;
  name: string;
  permissions: Permission[];
  /** 数据范围: the bank codes whose borrowers the role sees; null: every partner bank */
  bankScope: BankCode[] | null;
}

export const rolesQuery = () =>
  queryOptions({ queryKey: ['ops', 'roles'], queryFn: () => opsRequest<RoleLine[]>('GET', OPS_API.roles) });

export interface AuditFilter {
  action?: string;
  loginId?: string;
  actor?: 'borrower' | 'operator' | 'system';
  /** as the act recorded it: borrower:<login id>, operator:<login id>, refund:<no>… */
  subject?: string;
  from?: string;
  to?: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  action: string;
  actor: 'borrower' | 'operator' | 'system';
  loginId: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

const AUDIT_PAGE = 20;

export const auditQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['ops', 'audit', filter],
    queryFn: ({ pageParam }) =>
      opsRequest<AuditPage>('GET', OPS_API.auditSearch, {
        ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')),
        limit: AUDIT_PAGE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
