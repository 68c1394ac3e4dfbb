// The collections worklist of the console (44xx: cases, their activities, promises to pay). Part of the one catalogue (rsp-codes.ts).
export const COLLECTION_RSP = {
  COLLECTION_NOT_OVERDUE: '4401',
  COLLECTION_ACTIVITY_NOT_FOUND: '4402',
  COLLECTION_HARDSHIP_DECIDED: '4403',
  COLLECTION_ASSIGNEE_INVALID: '4404',
  COLLECTION_PROMISE_DATE_INVALID: '4405',
  COLLECTION_PROMISE_AMOUNT_INVALID: '4406',
  COLLECTION_PROMISE_PENDING: '4407',
  COLLECTION_NEXT_ACTION_INVALID: '4408',
  COLLECTION_TEXT_INVALID: '4409',
} as const;

export const COLLECTION_TEXTS: Readonly<
  Record<(typeof COLLECTION_RSP)[keyof typeof COLLECTION_RSP], string>
> = {
  '4401': '该借款人目前没有逾期的分期，无需催收',
  '4402': '没有该条催收记录，请刷新后重试',
  '4403': '该困难申请已处理，请刷新后查看结果',
  '4404': '只能分派给有“催收跟进”权限、未停用且数据范围包括该借款人的运营人员',
  '4405': '承诺还款日期不正确，请选择今天起 30 天内的日期',
  '4406': '承诺金额须大于 0 元，且不超过当前逾期金额',
  '4407': '已有待兑现的还款承诺，请在其到期判定后再记录新的承诺',
  '4408': '下一步行动须填写内容和今天起 90 天内的日期，或两者都清空',
  '4409': '请填写内容（最多 500 字）',
};
