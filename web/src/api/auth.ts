import {
  API,
  type CodeChannel,
  type DirectLoginRequest,
  type FindPwdRequest,
  type LoginRequest,
  type LoginResult,
  type SendFindPwdCodeRequest,
  type SendLoginSmsRequest,
  type SmsLoginRequest,
} from '@loan/domain';
import { encryptSecret } from './cipher';
import { type CallOptions, get, post } from './http';

/** Signing in, the other ways in, recovering a password and signing out. */

export async function userLogin(loginId: string, password: string, options?: CallOptions) {
  const body: LoginRequest = { loginId, password: await encryptSecret(password) };
  return post<LoginResult>(API.userLogin, body, options);
}

export function directLogin(ticket: string, options?: CallOptions) {
  const body: DirectLoginRequest = { ticket };
  return post<LoginResult>(API.directLogin, body, options);
}

export function sendLoginSms(phone: string, options?: CallOptions) {
  const body: SendLoginSmsRequest = { phone };
  return post<unknown>(API.sendLoginSms, body, options);
}

export function smsLogin(phone: string, code: string, options?: CallOptions) {
  const body: SmsLoginRequest = { phone, code };
  return post<LoginResult>(API.smsLogin, body, options);
}

export function sendFindPwdCode(loginId: string, channel: CodeChannel, options?: CallOptions) {
  const body: SendFindPwdCodeRequest = { loginId, channel };
  return post<unknown>(API.sendFindPwdCode, body, options);
}

export async function findPwd(loginId: string, code: string, newPassword: string, options?: CallOptions) {
  const body: FindPwdRequest = { loginId, code, newPassword: await encryptSecret(newPassword) };
  return post<unknown>(API.findPwd, body, options);
}

export function userLogout(options?: CallOptions) {
  return get<unknown>(API.userLogout, undefined, options);
}
