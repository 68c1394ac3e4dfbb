import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { type ReactNode, type RefObject, useState } from 'react';
import { SvgIcon } from '../../components/SvgIcon';

/** The sign-in form's fields drawn as antd's large Form.Item and Input draw them, without antd's code (LoginPanel). */

export interface FieldProps {
  /** the field's name: its input's id, and its message's id with _help */
  name: string;
  icon: IconDefinition;
  value: string;
  error: string | null;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange(value: string): void;
  onFocus?: () => void;
  input: {
    placeholder: string;
    'aria-label': string;
    autoComplete: string;
    type: 'text' | 'password';
  };
  suffix?: ReactNode;
}

/** One field as antd's large Form.Item with an affixed Input draws it (classes, error below, aria). */
export function FormField({
  name,
  icon,
  value,
  error,
  disabled,
  inputRef,
  onChange,
  onFocus,
  input,
  suffix,
}: FieldProps) {
  const [focused, setFocused] = useState(false);
  const help = `${name}_help`;
  const wrapper = [
    'ant-input-affix-wrapper ant-input-affix-wrapper-lg ant-input-outlined',
    suffix ? 'ant-input-password' : '',
    error ? 'ant-input-status-error' : '',
    focused ? 'ant-input-affix-wrapper-focused' : '',
    disabled ? 'ant-input-affix-wrapper-disabled' : '',
    'loan ant-input-css-var',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={`ant-form-item loan ant-form-css-var${error ? ' ant-form-item-with-help ant-form-item-has-error' : ''} ant-form-item-horizontal`}
    >
      <div className="ant-row ant-form-item-row loan">
        <div className="ant-col ant-form-item-control loan">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">
              <span className={wrapper}>
                <span className="ant-input-prefix">
                  <SvgIcon icon={icon} />
                </span>
                <input
                  {...input}
                  ref={inputRef}
                  maxLength={64}
                  id={name}
                  aria-required="true"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? help : undefined}
                  className={`ant-input ant-input-lg${disabled ? ' ant-input-disabled' : ''}`}
                  disabled={disabled}
                  value={value}
                  onChange={(event) => onChange(event.target.value)}
                  onFocus={() => {
                    setFocused(true);
                    onFocus?.();
                  }}
                  onBlur={() => setFocused(false)}
                />
                {suffix}
              </span>
            </div>
          </div>
          {error && (
            <div className="ant-form-item-additional">
              <div id={help} className="ant-form-item-explain ant-form-item-explain-connected" role="alert">
                <div className="ant-form-item-explain-error">{error}</div>
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** The password field's 显示 / 隐藏 switch, as antd's Input.Password draws it. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle(): void }) {
  return (
    <span className="ant-input-suffix">
      {/* biome-ignore lint/a11y/useSemanticElements: antd's markup (a span the stylesheet styles), with its role and keys */}
      <span
        role="button"
        tabIndex={0}
        className="ant-input-password-icon"
        aria-pressed={shown}
        aria-label={shown ? '隐藏' : '显示'}
        onClick={onToggle}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onToggle();
        }}
      >
        <SvgIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
      </span>
    </span>
  );
}
