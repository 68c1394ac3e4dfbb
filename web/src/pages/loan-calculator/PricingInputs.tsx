import {
  FEE_KIND_LABELS,
  FEE_KINDS,
  instalmentFeeSentence,
  REPAYMENT_METHOD_LABELS,
  REPAYMENT_METHODS,
  upfrontFeeSentence,
} from '@loan/domain';
import { Select } from 'antd';
import type { ReactNode } from 'react';
import { CalcField, DecimalInput, type Span } from './CalcField';
import type { FeeChoice, FieldErrors, PricingFields } from './calculator-input';

const METHOD_OPTIONS = REPAYMENT_METHODS.map((value) => ({ value, label: REPAYMENT_METHOD_LABELS[value] }));
const FEE_OPTIONS: { value: FeeChoice; label: string }[] = [
  { value: 'NONE', label: '无服务费' },
  ...FEE_KINDS.map((value) => ({ value, label: FEE_KIND_LABELS[value] })),
];

const FEE_HINTS: Record<FeeChoice, string> = {
  NONE: '',
  UPFRONT: upfrontFeeSentence(null),
  PER_INSTALMENT: instalmentFeeSentence(null, null),
};

interface Props {
  /** Distinguishes the fields of several scenarios (ids and accessible names). */
  idPrefix: string;
  value: PricingFields;
  errors: FieldErrors;
  onChange: (patch: Partial<PricingFields>) => void;
  /** Column spans of each field. */
  span: Span;
  /** Product mode: method and fee are the product's (disabled); the rate stays editable. */
  locked?: boolean;
  /** Shown under the rate when it has no error (e.g. that it differs from the product's). */
  rateHelp?: ReactNode;
}

/** 还款方式, 年利率 and 服务费: the fields that price a loan. */
export function PricingInputs({ idPrefix, value, errors, onChange, span, locked = false, rateHelp }: Props) {
  return (
    <>
      <CalcField span={span} label="还款方式" id={`${idPrefix}-method`}>
        <Select
          id={`${idPrefix}-method`}
          disabled={locked}
          options={METHOD_OPTIONS}
          value={value.method}
          onChange={(method) => onChange({ method })}
        />
      </CalcField>
      <CalcField
        span={span}
        label="年利率"
        id={`${idPrefix}-rate`}
        error={errors.ratePercent}
        hint={rateHelp}
      >
        <DecimalInput
          id={`${idPrefix}-rate`}
          suffix="%"
          placeholder="如 7.35"
          maxLength={9}
          value={value.ratePercent}
          onChange={(ratePercent) => onChange({ ratePercent })}
        />
      </CalcField>
      <CalcField span={span} label="服务费" id={`${idPrefix}-fee`}>
        <Select
          id={`${idPrefix}-fee`}
          disabled={locked}
          options={FEE_OPTIONS}
          value={value.fee}
          onChange={(fee) => onChange({ fee })}
        />
      </CalcField>
      {value.fee !== 'NONE' && (
        <CalcField
          span={span}
          label={value.fee === 'UPFRONT' ? '服务费率（一次性）' : '服务费率（每月）'}
          id={`${idPrefix}-fee-rate`}
          error={errors.feePercent}
          hint={FEE_HINTS[value.fee]}
        >
          <DecimalInput
            id={`${idPrefix}-fee-rate`}
            disabled={locked}
            suffix="%"
            placeholder="如 0.6"
            maxLength={9}
            value={value.feePercent}
            onChange={(feePercent) => onChange({ feePercent })}
          />
        </CalcField>
      )}
    </>
  );
}
