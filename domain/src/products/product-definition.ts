import { flowProblems } from '../banks/flow-check.ts';
import { PARTNER_BANKS } from '../banks/partner-banks.ts';
import { type Rate, toRate } from '../rate.ts';
import { MAX_SCHEDULE_MONTHS } from '../schedule/input.ts';
import { FEE_KINDS, REPAYMENT_METHODS } from '../schedule/types.ts';
import { type Product, productAnnualisedRateRange, productFlow } from './product.ts';

/** The highest annualised rate (年化利率) a product may show: the regulators' 24 % line. */
export const MAX_ANNUALISED_RATE = 0.24;

const CODE = /^[A-Za-z0-9_-]{1,32}$/;

function isRate(value: string | Rate): boolean {
  try {
    toRate(value);
    return true;
  } catch {
    return false;
  }
}

function isTermList(terms: readonly number[]): boolean {
  return (
    terms.length > 0 &&
    terms.every(
      (m, i) => Number.isInteger(m) && m >= 1 && m <= MAX_SCHEDULE_MONTHS && m > (terms[i - 1] ?? 0),
    )
  );
}

function isAmountRange({ minAmountFen: min, maxAmountFen: max, amountStepFen: step }: Product): boolean {
  return (
    [min, max, step].every((fen) => Number.isSafeInteger(fen) && fen > 0) &&
    min <= max &&
    min % step === 0 &&
    max % step === 0
  );
}

/** The highest annualised rate over the terms offered, or Infinity when it cannot be computed. */
function highestAnnualisedRate(product: Product): number {
  try {
    return productAnnualisedRateRange(product, '2024-01-01').max;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * What is wrong with a product's definition (empty when nothing is): for the seed catalogue, and for products
 * read from the database before they are offered.
 */
export function productDefinitionProblems(product: Product): string[] {
  const bank = PARTNER_BANKS[product.bank];
  if (!bank) return [`未知的合作机构：${String(product.bank)}`];
  const needsType = (bank.routeParams as readonly string[]).includes('productType');
  const fee = product.serviceFee;
  const basics: readonly [boolean, string][] = [
    [CODE.test(product.productCode), '产品编号须为 1-32 位字母、数字、下划线或连字符'],
    [
      needsType === (product.productType !== undefined),
      `${bank.name}的产品${needsType ? '必须' : '不能'}有产品类型`,
    ],
    [product.productType === undefined || CODE.test(product.productType), '产品类型格式不正确'],
    [product.name.trim().length > 0, '产品名称不能为空'],
    [isAmountRange(product), '额度须为正的整数分，最低不高于最高，且都是金额步长的整数倍'],
    [isTermList(product.terms), `期限须为 1-${MAX_SCHEDULE_MONTHS} 个月的升序且不重复的整数`],
    [isRate(product.annualRate), '年利率格式不正确'],
    [REPAYMENT_METHODS.includes(product.method), '不支持的还款方式'],
    [fee === null || (FEE_KINDS.includes(fee.kind) && isRate(fee.rate)), '服务费设置不正确'],
    [bank.materials.every((m) => product.materials.includes(m)), `产品须包含${bank.name}要求的全部申请材料`],
  ];
  const problems = basics.flatMap(([ok, text]) => (ok ? [] : [text]));
  if (problems.length === 0 && highestAnnualisedRate(product) > MAX_ANNUALISED_RATE) {
    problems.push(`年化利率不得超过 ${MAX_ANNUALISED_RATE * 100}%`);
  }
  return [...problems, ...flowProblems(productFlow(product), product.materials)];
}
