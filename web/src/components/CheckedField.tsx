import { Form, type FormRule } from 'antd';
import type { ReactNode } from 'react';

/** A field's rule from a check that says why its value cannot be sent, or null: that reason is the field's error. */
const problemRule = (problemOf: (value: string | undefined) => string | null): FormRule => ({
  validator: async (_, value: string | undefined) => {
    const why = problemOf(value);
    if (why) throw new Error(why);
  },
});

/** A required field checked by `problemOf` (the reason it gives is the error), its label pointing at input `id`. */
export function CheckedField({
  label,
  name,
  id,
  problemOf,
  extra,
  children,
}: {
  label: string;
  name: string;
  id: string;
  problemOf: (value: string | undefined) => string | null;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Item label={label} name={name} htmlFor={id} required rules={[problemRule(problemOf)]} extra={extra}>
      {children}
    </Form.Item>
  );
}
