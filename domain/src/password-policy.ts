/** Password policy: 8–64 characters, at least one letter and one digit, not the login id. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export type PasswordProblem = 'length' | 'letter' | 'digit' | 'loginId' | 'whitespace';

const MESSAGES: Record<PasswordProblem, string> = {
  length: `密码长度需为${PASSWORD_MIN}-${PASSWORD_MAX}位`,
  letter: '密码需包含字母',
  digit: '密码需包含数字',
  loginId: '密码不能与登录账号相同',
  whitespace: '密码不能包含空格',
};

export function passwordProblems(password: string, loginId?: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) problems.push('length');
  if (!/[A-Za-z]/.test(password)) problems.push('letter');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (/\s/.test(password)) problems.push('whitespace');
  if (loginId && password.toLowerCase() === loginId.trim().toLowerCase()) problems.push('loginId');
  return problems;
}

/** The first problem as a Chinese sentence, or null when the password is acceptable. */
export function checkPassword(password: string, loginId?: string): string | null {
  const [first] = passwordProblems(password, loginId);
  return first ? MESSAGES[first] : null;
}
