/** TanStack Query keys, one place. */
export const QUERY_KEYS = {
  clientConfig: ['clientConfig'],
  userAllCheck: ['users', 'toUserAllCheck'],
  userInfo: ['users', 'getUserInfo'],
  applicationList: ['loanMgr', 'applications'],
  applicationDetail: ['loanMgr', 'application'],
} as const;
