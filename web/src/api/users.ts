import {
  API,
  type ModifyPwdRequest,
  type ModifyPwdResult,
  type UserAllCheckResult,
  type UserInfo,
} from '@loan/domain';
import { encryptPassword } from './cipher';
import { type CallOptions, get, post } from './http';

/** The signed-in user: who they are, what is left to do, their password. */

export function getUserInfo(options?: CallOptions) {
  return get<UserInfo>(API.getUserInfo, undefined, options);
}

export function toUserAllCheck(options?: CallOptions) {
  return get<UserAllCheckResult>(API.toUserAllCheck, undefined, options);
}

export async function modifyPwd(oldPassword: string, newPassword: string, options?: CallOptions) {
  const body: ModifyPwdRequest = {
    oldPassword: await encryptPassword(oldPassword),
    newPassword: await encryptPassword(newPassword),
  };
  return post<ModifyPwdResult>(API.modifyPwd, body, options);
}
