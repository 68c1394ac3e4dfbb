import { APPLICATION_STEPS, type StepKey } from './application-steps.ts';
import { MATERIAL_INFO, type MaterialKey } from './materials.ts';

/**
 * What is wrong with an application flow and the materials it must collect (empty when nothing is): distinct,
 * known steps; SUBMIT directly followed by BANK_REVIEW; SIGN_CONTRACT, if any, after the review; every
 * material provided by a step before SUBMIT. The rule for banks' flows and products' overrides alike.
 */
export function flowProblems(flow: readonly StepKey[], materials: readonly MaterialKey[]): string[] {
  const problems: string[] = [];
  const unknown = flow.filter((step) => !APPLICATION_STEPS.includes(step));
  if (unknown.length > 0) problems.push(`未知的流程步骤：${unknown.join('、')}`);
  if (new Set(flow).size !== flow.length) problems.push('流程步骤不能重复');
  const submit = flow.indexOf('SUBMIT');
  const review = flow.indexOf('BANK_REVIEW');
  if (submit < 0 || review !== submit + 1) problems.push('流程必须包含提交申请，并紧接机构审核');
  const sign = flow.indexOf('SIGN_CONTRACT');
  if (sign >= 0 && sign < review) problems.push('签署借款合同必须在机构审核之后');
  const beforeSubmit = submit < 0 ? [] : flow.slice(0, submit);
  for (const material of materials) {
    const info = MATERIAL_INFO[material];
    if (!info) problems.push(`未知的申请材料：${material}`);
    else if (info.providedBy !== null && !beforeSubmit.includes(info.providedBy)) {
      problems.push(`申请材料「${info.title}」需在提交申请前的步骤中提供`);
    }
  }
  if (new Set(materials).size !== materials.length) problems.push('申请材料不能重复');
  return problems;
}
