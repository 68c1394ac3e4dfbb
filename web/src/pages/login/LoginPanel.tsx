import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { isApiError, isRspError } from '../../api/errors';
import { FORGOT_PASSWORD_PATH, MATERIAL_LOGIN_PATH } from '../../app/paths';
import { useStarted } from '../../app/prerendered';
import { AppLink } from '../../components/AppLink';
import { PlainAlert } from '../../components/PlainAlert';
import { SvgIcon } from '../../components/SvgIcon';
import { FormField, PasswordToggle } from './LoginField';

export interface LoginValues {
  loginId: string;
  password: string;
}

type Field = keyof LoginValues;
const FIELDS: readonly Field[] = ['loginId', 'password'];

/** The page's title (its route's, and document.title before the app has loaded). */
export const LOGIN_TITLE = '登录';

/** Each field's rule: the message when it fails, else null. */
const RULES: Record<Field, (value: string) => string | null> = {
  loginId: (value) => (value.trim() ? null : '请输入登录账号'),
  password: (value) => (value ? null : '请输入密码'),
};

/** What a failed sign-in says above the form; null when the HTTP layer has already told the user. */
export function signInFailure(error: unknown): string | null {
  if (isRspError(error)) return error.desc;
  if (isApiError(error)) return null;
  return '登录失败，请稍后重试';
}

/**
 * The account-and-password form of /bmss/toLogin, its links and the other way in, drawn as antd's large Form,
 * Input, Button and Divider draw them (their classes: the first stylesheet styles them) with no antd, router or
 * query code: the page's HTML is written by the build and this takes it over before the rest of the app has
 * loaded (app/sign-in-start.tsx). The router's LoginPage draws the same panel inside the app.
 *
 * `signIn` gets the trimmed account and the password and rejects with the API's error; `notice` stands above the
 * form (session expired, already signed in, a transport failure). Before the page has started the button is
 * disabled (a tap does not submit the bare HTML form), and what was typed before it started is kept.
 */
export function LoginPanel({
  signIn,
  onSubmitting,
  onPasswordFocus,
  notice,
}: {
  signIn(values: LoginValues): Promise<void>;
  /** a submission passed its checks and goes out */
  onSubmitting?: () => void;
  onPasswordFocus(): void;
  notice?: ReactNode;
}) {
  const started = useStarted();
  const [values, setValues] = useState<LoginValues>({ loginId: '', password: '' });
  const [errors, setErrors] = useState<Record<Field, string | null>>({ loginId: null, password: null });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    loginId: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  // typed into the page's HTML before the scripts ran: the fields take it
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page has started
  useEffect(() => {
    const typed = Object.fromEntries(FIELDS.map((field) => [field, refs[field].current?.value ?? '']));
    setValues((current) => ({
      loginId: current.loginId || typed.loginId || '',
      password: current.password || typed.password || '',
    }));
  }, []);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: RULES[field](value) }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!started || pending) return;
    const checked = { loginId: RULES.loginId(values.loginId), password: RULES.password(values.password) };
    setErrors(checked);
    if (checked.loginId || checked.password) return;
    setFailure(null);
    setPending(true);
    onSubmitting?.();
    try {
      await signIn({ loginId: values.loginId.trim(), password: values.password });
    } catch (error) {
      setFailure(signInFailure(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {notice}
      {failure && <PlainAlert type="error" title={failure} onClose={() => setFailure(null)} />}
      <form
        className="ant-form ant-form-horizontal ant-form-hide-required-mark ant-form-large loan ant-form-css-var"
        onSubmit={(event) => void submit(event)}
      >
        <FormField
          name="loginId"
          icon={UserOutlined}
          value={values.loginId}
          error={errors.loginId}
          disabled={pending}
          inputRef={refs.loginId}
          onChange={(value) => change('loginId', value)}
          input={{
            placeholder: '请输入登录账号',
            'aria-label': '登录账号',
            autoComplete: 'username',
            type: 'text',
          }}
        />
        <FormField
          name="password"
          icon={LockOutlined}
          value={values.password}
          error={errors.password}
          disabled={pending}
          inputRef={refs.password}
          onChange={(value) => change('password', value)}
          onFocus={onPasswordFocus}
          input={{
            placeholder: '请输入密码',
            'aria-label': '密码',
            autoComplete: 'current-password',
            type: passwordShown ? 'text' : 'password',
          }}
          suffix={
            <PasswordToggle shown={passwordShown} onToggle={() => setPasswordShown((shown) => !shown)} />
          }
        />
        <div className="auth-row">
          <span />
          <AppLink to={FORGOT_PASSWORD_PATH}>忘记密码</AppLink>
        </div>
        <div className="ant-form-item loan ant-form-css-var ant-form-item-horizontal">
          <div className="ant-row ant-form-item-row loan">
            <div className="ant-col ant-form-item-control loan">
              <div className="ant-form-item-control-input">
                <div className="ant-form-item-control-input-content">
                  <button
                    type="submit"
                    className={`ant-btn loan ant-btn-primary ant-btn-color-primary ant-btn-variant-solid ant-btn-lg${pending ? ' ant-btn-loading' : ''} ant-btn-block`}
                    disabled={!started || pending}
                  >
                    {pending && (
                      <span className="ant-btn-icon ant-btn-loading-icon">
                        <SvgIcon icon={LoadingOutlined} />
                      </span>
                    )}
                    <span>登 录</span>
                  </button>
                </div>
              </div>
            </div>
          </div>
        </div>
      </form>
      {/* biome-ignore lint/a11y/useSemanticElements: antd's Divider markup (the stylesheet styles it), with its role */}
      <div
        className="ant-divider loan ant-divider-horizontal ant-divider-with-text ant-divider-with-text-center ant-divider-plain"
        role="separator"
      >
        <div className="ant-divider-rail ant-divider-rail-start" />
        <span className="ant-divider-inner-text">
          <span className="auth-divider-text">其他方式</span>
        </span>
        <div className="ant-divider-rail ant-divider-rail-end" />
      </div>
      <AppLink to={MATERIAL_LOGIN_PATH} className="auth-alt-link">
        <SvgIcon icon={MessageOutlined} /> 短信验证码登录 / 资料录入
      </AppLink>
    </>
  );
}
