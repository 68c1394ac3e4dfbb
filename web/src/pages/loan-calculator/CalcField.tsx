import { Col, Form, Input } from 'antd';
import type { ReactNode } from 'react';

/** A column span of the calculator's grid. */
export type Span = { xs: number; sm?: number; lg?: number };

/** One field of the calculator in its column: the label points at the input `id`; an error replaces the hint. */
export function CalcField({
  span,
  label,
  id,
  error,
  hint,
  children,
}: {
  span: Span;
  label: ReactNode;
  id: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Col {...span}>
      <Form.Item label={label} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ?? hint}>
        {children}
      </Form.Item>
    </Col>
  );
}

/** A decimal typed as text (an amount, a rate): the calculator reads the text, every keystroke told. */
export function DecimalInput({
  id,
  suffix,
  placeholder,
  maxLength,
  disabled,
  value,
  onChange,
}: {
  id: string;
  suffix: string;
  placeholder: string;
  maxLength: number;
  disabled?: boolean;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <Input
      id={id}
      disabled={disabled}
      inputMode="decimal"
      suffix={suffix}
      placeholder={placeholder}
      maxLength={maxLength}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
