import { Col, Form, type FormRule, Input, type InputProps, Row } from 'antd';
import type { ReactNode } from 'react';

/** One plain text field of a certification form. */
export interface TextField {
  name: string;
  label: string;
  rules: FormRule[];
  extra?: ReactNode;
  input: InputProps;
}

/** Text fields side by side in one row from the md width up (the row shared equally), one a row below. */
export function TextFields({ fields }: { fields: readonly TextField[] }) {
  return (
    <Row gutter={16}>
      {fields.map(({ name, label, rules, extra, input }) => (
        <Col key={name} xs={24} md={24 / fields.length}>
          <Form.Item name={name} label={label} rules={rules} extra={extra}>
            <Input {...input} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
