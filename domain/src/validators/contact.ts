/** Mainland mobile number: 11 digits starting with 1[3-9]. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isMobilePhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** Login ids: 3–32 letters, digits, underscore, dot or hyphen. */
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;

export function isLoginId(value: string): boolean {
  return LOGIN_ID_PATTERN.test(value);
}

/** Verification codes: exactly 6 digits. */
export const CODE_PATTERN = /^\d{6}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
