import { API, type ModifyPwdRequest, type ModifyPwdResult, type UserAllCheckResult } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { encryptSecret } from './cipher';
import { type CallOptions, get, post } from './http';

/** The signed-in user: who they are, what is left to do, their password. */

export const userKeys = {
  info: ['users', 'getUserInfo'],
  allCheck: ['users', 'toUserAllCheck'],
} as const;

export function toUserAllCheck(options?: CallOptions) {
  return get<UserAllCheckResult>(API.toUserAllCheck, undefined, options);
}

/** The steps the user still has to do before applying. */
export const userAllCheckQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.allCheck,
    queryFn: ({ signal }) => toUserAllCheck({ signal }),
  });

export async function modifyPwd(oldPassword: string, newPassword: string, options?: CallOptions) {
  const body: ModifyPwdRequest = {
    oldPassword: await encryptSecret(oldPassword),
    newPassword: await encryptSecret(newPassword),
  };
  return post<ModifyPwdResult>(API.modifyPwd, body, options);
}
