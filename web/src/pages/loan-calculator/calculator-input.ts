import {
  buildSchedule,
  MoneyError,
  type RepaymentMethod,
  type Schedule,
  type ScheduleInput,
  ScheduleInputError,
  type ServiceFee,
  yuanToFen,
} from '@loan/domain';

/** 借款金额 bounds, in fen: 1 to 10,000,000 yuan. */
const MIN_AMOUNT_FEN = 100;
const MAX_AMOUNT_FEN = 1_000_000_000;
/** The calculator offers 1 to 360 months (the engine allows more). */
export const MAX_TERM_MONTHS = 360;
export const TERM_PRESETS = [3, 6, 9, 12, 18, 24, 36] as const;
const MAX_ANNUAL_RATE_PERCENT = 36;
const MAX_FEE_RATE_PERCENT = 20;

/** No service fee, or one of the engine's fee kinds. */
export type FeeChoice = 'NONE' | ServiceFee['kind'];

/** The pricing of one offer: what differs between the scenarios of a comparison. */
export interface PricingFields {
  method: RepaymentMethod;
  /** 年利率 in percent as typed, "7.35" is 7.35 %. */
  ratePercent: string;
  fee: FeeChoice;
  /** 服务费率 in percent as typed. */
  feePercent: string;
}

export interface LoanFields extends PricingFields {
  /** 借款金额 in yuan as typed, thousands separators allowed. */
  amount: string;
  months: number | null;
  /** 起息日 "YYYY-MM-DD", empty when cleared. */
  startDate: string;
  /** 首期还款日 "YYYY-MM-DD", empty for one month after the start. */
  firstDueDate: string;
}

export type FieldName = 'amount' | 'months' | 'ratePercent' | 'feePercent' | 'startDate' | 'firstDueDate';
export type FieldErrors = Partial<Record<FieldName, string>>;

export type Calculation =
  | { ok: true; input: ScheduleInput; schedule: Schedule }
  | { ok: false; errors: FieldErrors };

/** Today in China (Asia/Shanghai), "YYYY-MM-DD". */
export { shanghaiDate as todayInShanghai } from '@loan/domain';

const PERCENT = /^(0|[1-9]\d{0,2})(?:\.(\d{1,4}))?$/;

/**
 * A percentage as typed to the decimal string parseRate reads, exactly (no floats): "7.35" → "0.0735",
 * "24" → "0.24", "0" → "0". Undefined when it is not a number with at most 4 decimals.
 */
export function percentToDecimal(text: string): string | undefined {
  const match = PERCENT.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  // move the point two places left: whole padded to 3 digits, then the point after its first digit
  const all = whole.padStart(3, '0') + fraction;
  const head = all.slice(0, 1).replace(/^0+/, '') || '0';
  const tail = all.slice(1).replace(/0+$/, '');
  return tail ? `${head}.${tail}` : head;
}

function checkPercent(text: string, max: number, label: string): { decimal?: string; error?: string } {
  if (text.trim() === '') return { error: `请输入${label}` };
  const decimal = percentToDecimal(text);
  if (decimal === undefined) return { error: `${label}应为数字，最多 4 位小数` };
  if (Number(decimal) * 100 > max) return { error: `${label}应在 0% 到 ${max}% 之间` };
  return { decimal };
}

function checkAmount(text: string): { fen?: number; error?: string } {
  const plain = text.trim().replace(/,/g, '');
  if (plain === '') return { error: '请输入借款金额' };
  let fen: number;
  try {
    fen = yuanToFen(plain);
  } catch (error) {
    if (error instanceof MoneyError) return { error: '借款金额应为数字，最多两位小数' };
    throw error;
  }
  if (fen < MIN_AMOUNT_FEN || fen > MAX_AMOUNT_FEN) return { error: '借款金额应在 1 元到 10,000,000 元之间' };
  return { fen };
}

/** The field an engine message is about, so it shows next to that field. */
function fieldOfEngineMessage(message: string): FieldName {
  if (message.includes('首期还款日')) return 'firstDueDate';
  if (message.includes('起息日')) return 'startDate';
  if (message.includes('服务费')) return 'feePercent';
  if (message.includes('利率')) return 'ratePercent';
  if (message.includes('期数')) return 'months';
  return 'amount';
}

/** Checks the fields and, when they are all valid, builds the schedule with the domain engine. */
export function calculate(fields: LoanFields): Calculation {
  const errors: FieldErrors = {};
  const amount = checkAmount(fields.amount);
  if (amount.error) errors.amount = amount.error;
  const { months } = fields;
  if (months === null || !Number.isInteger(months) || months < 1 || months > MAX_TERM_MONTHS)
    errors.months = `借款期限应为 1 到 ${MAX_TERM_MONTHS} 个月`;
  const rate = checkPercent(fields.ratePercent, MAX_ANNUAL_RATE_PERCENT, '年利率');
  if (rate.error) errors.ratePercent = rate.error;
  const feeRate =
    fields.fee === 'NONE'
      ? { decimal: undefined }
      : checkPercent(fields.feePercent, MAX_FEE_RATE_PERCENT, '服务费率');
  if (feeRate.error) errors.feePercent = feeRate.error;
  if (!fields.startDate) errors.startDate = '请选择起息日';
  if (
    Object.keys(errors).length > 0 ||
    amount.fen === undefined ||
    rate.decimal === undefined ||
    months === null
  )
    return { ok: false, errors };
  const input: ScheduleInput = {
    principalFen: amount.fen,
    annualRate: rate.decimal,
    months,
    method: fields.method,
    startDate: fields.startDate,
    ...(fields.firstDueDate ? { firstDueDate: fields.firstDueDate } : {}),
    ...(fields.fee !== 'NONE' && feeRate.decimal !== undefined
      ? { fee: { kind: fields.fee, rate: feeRate.decimal } }
      : {}),
  };
  try {
    return { ok: true, input, schedule: buildSchedule(input) };
  } catch (error) {
    if (error instanceof ScheduleInputError)
      return { ok: false, errors: { [fieldOfEngineMessage(error.message)]: error.message } };
    throw error;
  }
}
