import { API, type UserInfo } from '@loan/domain';
import { type CallOptions, get } from './http';

/** Who the signed-in user is. A module of its own, without query options: a sign-in calls it before the app loads. */
export function getUserInfo(options?: CallOptions) {
  return get<UserInfo>(API.getUserInfo, undefined, options);
}
