/**
 * Interface defaults of docs/PRODUCT.md §9 and the standard texts of docs/PRODUCT.md §8, in one table.
 * The providers, the HTTP layer and the shared components read them from here.
 */
export const UI_DEFAULTS = {
  /** how long a message toast stays */
  messageDurationMs: 3000,
  /** how long a notification stays */
  notificationDurationMs: 4500,
  /** how long a page's loading mask stays after loading has ended */
  loadingMaskCloseDelayMs: 400,
  /** base z-index of pop-ups (antd token zIndexPopupBase) */
  zIndexBase: 2000,
  /** vertical gap between stacked message toasts */
  messageOffsetGapPx: 16,
} as const;

export const UI_TEXTS = {
  /** default validation message of forms */
  invalidInput: '输入的数据不合法',
  /** an image that could not be loaded */
  imageLoadFailed: '加载失败',
  /** an empty table or list */
  empty: '暂无数据',
  /** any transport failure: HTTP 500, another non-401 status, network error, time-out */
  networkError: '网络请求异常，请稍后重试',
  /** the login page after a 401 */
  sessionExpired: '登录已失效，请重新登录',
  /** after signing in with a password that was never changed */
  mustChangePassword: '首次登录请先修改初始密码',
} as const;

/** antd takes durations in seconds. */
export const msToSeconds = (ms: number) => ms / 1000;
