import { formatYuan, type ProductCard, yuanToFen } from '@loan/domain';
import { Button, DatePicker, Form, InputNumber, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CalcField, DecimalInput } from './CalcField';
import { type FieldErrors, type LoanFields, MAX_TERM_MONTHS, TERM_PRESETS } from './calculator-input';
import { PricingInputs } from './PricingInputs';
import { decimalToPercent } from './product-mode';
import '../../app/date-locale';

const CUSTOM = 0;
const TERM_OPTIONS = [
  ...TERM_PRESETS.map((months) => ({ value: months, label: `${months} 个月` })),
  { value: CUSTOM, label: '自定义' },
];
const SPAN = { xs: 24, sm: 12, lg: 8 };
const DATE_FORMAT = 'YYYY-MM-DD';

const isPreset = (months: number | null) => TERM_PRESETS.some((preset) => preset === months);
const toDay = (text: string) => (text ? dayjs(text) : null);
const fromDay = (day: Dayjs | null) => (day ? day.format(DATE_FORMAT) : '');

/** Under the rate in product mode: the product's rate, and when the typed one differs, a way back to it. */
function ProductRateHelp({
  product,
  value,
  onChange,
}: {
  product: ProductCard;
  value: LoanFields;
  onChange: (patch: Partial<LoanFields>) => void;
}) {
  const productRate = decimalToPercent(product.annualRate);
  if (!rateDiffers(product, value.ratePercent)) return <>已按产品利率 {productRate}% 填入，可修改</>;
  return (
    <Space size={4} wrap data-testid="rate-differs">
      <span>与产品利率 {productRate}% 不同，按您填写的利率计算</span>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => onChange({ ratePercent: productRate })}
      >
        恢复产品利率
      </Button>
    </Space>
  );
}

interface Props {
  value: LoanFields;
  errors: FieldErrors;
  /** Whether the term is typed rather than picked from the presets. */
  customTerm: boolean;
  onCustomTermChange: (custom: boolean) => void;
  onChange: (patch: Partial<LoanFields>) => void;
  /** Product mode: the product's terms only, its range as help, its method and fee fixed, its rate editable. */
  product?: ProductCard | null;
}

const productAmountHelp = (p: ProductCard) =>
  `该产品额度 ${formatYuan(yuanToFen(p.minAmount))} ~ ${formatYuan(yuanToFen(p.maxAmount))} 元，须为 ${formatYuan(yuanToFen(p.amountStep))} 元的整数倍`;

/** The rate typed differs from the product's (as numbers: "16.80" is the product's "16.8"). */
const rateDiffers = (p: ProductCard, ratePercent: string) =>
  Number(ratePercent.trim()) !== Number(decimalToPercent(p.annualRate));

/** The calculator's inputs; every change recalculates at once. */
export function LoanInputs({ value, errors, customTerm, onCustomTermChange, onChange, product }: Props) {
  const termChoice = product ? value.months : customTerm || !isPreset(value.months) ? CUSTOM : value.months;
  const termOptions = product
    ? product.terms.map((months) => ({ value: months, label: `${months} 个月` }))
    : TERM_OPTIONS;
  return (
    <Form layout="vertical" requiredMark={false} component="div">
      <Row gutter={16}>
        <CalcField
          span={SPAN}
          label="借款金额"
          id="calc-amount"
          error={errors.amount}
          hint={product ? productAmountHelp(product) : undefined}
        >
          <DecimalInput
            id="calc-amount"
            suffix="元"
            placeholder="1 – 10,000,000"
            maxLength={16}
            value={value.amount}
            onChange={(amount) => onChange({ amount })}
          />
        </CalcField>
        <CalcField
          span={SPAN}
          label="借款期限"
          id="calc-term"
          error={termChoice !== CUSTOM ? errors.months : undefined}
        >
          <Select
            id="calc-term"
            options={termOptions}
            value={termChoice}
            onChange={(months) => {
              onCustomTermChange(months === CUSTOM);
              if (months !== CUSTOM) onChange({ months });
            }}
          />
        </CalcField>
        {termChoice === CUSTOM && (
          <CalcField span={SPAN} label="自定义期限" id="calc-custom-term" error={errors.months}>
            <InputNumber
              id="calc-custom-term"
              style={{ width: '100%' }}
              min={1}
              max={MAX_TERM_MONTHS}
              precision={0}
              suffix="个月"
              placeholder={`1 – ${MAX_TERM_MONTHS}`}
              value={value.months}
              onChange={(months) => onChange({ months: typeof months === 'number' ? months : null })}
            />
          </CalcField>
        )}
        <PricingInputs
          idPrefix="calc"
          value={value}
          errors={errors}
          onChange={onChange}
          span={SPAN}
          locked={Boolean(product)}
          rateHelp={
            product ? <ProductRateHelp product={product} value={value} onChange={onChange} /> : undefined
          }
        />
        <CalcField span={SPAN} label="起息日" id="calc-start" error={errors.startDate}>
          <DatePicker
            id="calc-start"
            style={{ width: '100%' }}
            format={DATE_FORMAT}
            allowClear={false}
            value={toDay(value.startDate)}
            onChange={(day) => onChange({ startDate: fromDay(day) })}
          />
        </CalcField>
        <CalcField
          span={SPAN}
          label="首期还款日（选填）"
          id="calc-first-due"
          error={errors.firstDueDate}
          hint="不填则为起息日后一个月；填写后首期按日计息"
        >
          <DatePicker
            id="calc-first-due"
            style={{ width: '100%' }}
            format={DATE_FORMAT}
            placeholder="默认起息日后一个月"
            value={toDay(value.firstDueDate)}
            onChange={(day) => onChange({ firstDueDate: fromDay(day) })}
          />
        </CalcField>
      </Row>
    </Form>
  );
}
