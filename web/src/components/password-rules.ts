import { checkPassword, PASSWORD_MAX, PASSWORD_MIN } from '@loan/domain';
import type { FormInstance, FormRule } from 'antd';

export const PASSWORD_HINT = `${PASSWORD_MIN}-${PASSWORD_MAX}位，需同时包含字母和数字，且不能与登录账号相同`;

/** The domain password policy as a form rule; `loginId` is read when the rule runs. */
export function newPasswordRules(loginId: () => string | null | undefined): FormRule[] {
  return [
    { required: true, message: '请输入新密码' },
    {
      validator: (_rule, value: string | undefined) => {
        if (!value) return Promise.resolve();
        const problem = checkPassword(value, loginId() ?? undefined);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

/** The confirmation must equal the field `field`. */
export function confirmPasswordRules(field: string): FormRule[] {
  return [
    { required: true, message: '请再次输入新密码' },
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: (_rule, value: string | undefined) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error('两次输入的密码不一致')),
    }),
  ];
}
