import { Button, Col, DatePicker, Form, type FormInstance, Row, Select, type SelectProps } from 'antd';
import '../../app/date-locale';

/** One list of choices of a filter row. */
export interface SelectFilter {
  name: string;
  label: string;
  /** the field's id, which its label points to */
  id: string;
  placeholder: string;
  options: SelectProps['options'];
  /** its width on a wide screen, in grid columns */
  lg: number;
}

/** 重置 at the end of a filter row: clears the form and the filters. */
function ResetFiltersButton({ phone, onReset }: { phone: boolean; onReset: () => void }) {
  return (
    <Col xs={24} sm={8} lg={3}>
      <Form.Item label={phone ? null : ' '} colon={false}>
        <Button block onClick={onReset}>
          重置
        </Button>
      </Form.Item>
    </Col>
  );
}

/**
 * The filter row of a records list: its choices, a date range (`range`) and 重置. Every change is told as the
 * form's values; 重置 clears the form and tells `onReset`.
 */
export function RecordFilters<Values>({
  form,
  initialValues,
  selects,
  range,
  phone,
  onChange,
  onReset,
}: {
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  selects: readonly SelectFilter[];
  range: { label: string; id: string };
  phone: boolean;
  onChange: (values: Values) => void;
  onReset: () => void;
}) {
  return (
    <Form
      form={form}
      initialValues={initialValues}
      layout="vertical"
      onValuesChange={(_, values) => onChange(values)}
      aria-label="筛选条件"
    >
      <Row gutter={16}>
        {selects.map((select) => (
          <Col key={select.name} xs={24} sm={12} lg={select.lg}>
            <Form.Item label={select.label} name={select.name} htmlFor={select.id}>
              <Select id={select.id} allowClear placeholder={select.placeholder} options={select.options} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={16} lg={9}>
          <Form.Item label={range.label} name="range" htmlFor={range.id}>
            <DatePicker.RangePicker id={{ start: range.id }} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <ResetFiltersButton
          phone={phone}
          onReset={() => {
            form.resetFields();
            onReset();
          }}
        />
      </Row>
    </Form>
  );
}
