import {
  addDaysIso,
  COLLECTION_LIMITS,
  CONTACT_CHANNEL_LABEL,
  CONTACT_OUTCOME_LABEL,
  HARDSHIP_RELIEF_LABEL,
  RSP,
  yuanToFen,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { assigneesQuery, collectionActs } from '../../api/collections';
import { OpsApiError } from '../../api/http';

/** What the dialog records: a kind of act, and for a hardship's decision, which one. */
export type CaseAct =
  | { kind: 'NOTE' | 'CONTACT' | 'PROMISE' | 'HARDSHIP' | 'ASSIGN' | 'NEXT' }
  | { kind: 'DECIDE'; activityId: number; relief: string };

const TITLES: Record<CaseAct['kind'], string> = {
  NOTE: '添加备注',
  CONTACT: '记录联系',
  PROMISE: '记录承诺还款',
  HARDSHIP: '登记困难申请',
  DECIDE: '处理困难申请',
  ASSIGN: '分派案件',
  NEXT: '设定下一步行动',
};
const DONE: Record<CaseAct['kind'], string> = {
  NOTE: '已添加备注',
  CONTACT: '已记录联系',
  PROMISE: '已记录承诺还款，到期后系统自动判定是否兑现',
  HARDSHIP: '已登记困难申请',
  DECIDE: '已处理困难申请',
  ASSIGN: '已分派',
  NEXT: '已保存下一步行动',
};

type Values = Record<string, string | Dayjs | null | undefined>;
const YUAN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
const options = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : '');
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const max = COLLECTION_LIMITS.textMax;

/** The field a refusal of the server is about (shown under it); null: said above the buttons. */
function fieldOf(act: CaseAct, error: OpsApiError): string | null {
  if (error.code === RSP.COLLECTION_PROMISE_DATE_INVALID) return 'promisedDate';
  if (error.code === RSP.COLLECTION_PROMISE_AMOUNT_INVALID) return 'amount';
  if (error.code === RSP.COLLECTION_ASSIGNEE_INVALID) return 'assignee';
  if (error.code === RSP.COLLECTION_NEXT_ACTION_INVALID)
    return error.desc.includes('日期') ? 'nextActionDate' : 'nextAction';
  if (error.code === RSP.COLLECTION_TEXT_INVALID)
    return act.kind === 'HARDSHIP' ? 'reason' : act.kind === 'DECIDE' ? 'note' : 'text';
  return null;
}

/**
 * One act on a borrower's case in a dialog: its fields checked as the server checks them, the server's refusal
 * under the field it is about (or above the buttons), and `onClose(done)` with what to tell the operator.
 */
export function ActDialog({
  act,
  loginId,
  asOf,
  overdue,
  current,
  onClose,
}: {
  act: CaseAct | null;
  loginId: string;
  /** Shanghai today as the server counts it */
  asOf: string;
  /** what is overdue now (yuan), the most a promise may be */
  overdue: string;
  /** the case's next action and assignee, the forms' starting values */
  current: { nextAction: string | null; nextActionDate: string | null; assignee: string | null };
  onClose: (done: string | null) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const assignees = useQuery({ ...assigneesQuery(), enabled: act?.kind === 'ASSIGN' });
  const outside = (lastDays: number) => (d: Dayjs) =>
    d.format('YYYY-MM-DD') < asOf || d.format('YYYY-MM-DD') > addDaysIso(asOf, lastDays);

  const send = (kind: CaseAct['kind'], v: Values) => {
    if (kind === 'NOTE') return collectionActs.note({ loginId, text: text(v.text) });
    if (kind === 'CONTACT')
      return collectionActs.contact({ loginId, channel: v.channel, outcome: v.outcome, text: text(v.text) });
    if (kind === 'PROMISE')
      return collectionActs.promise({
        loginId,
        promisedDate: day(v.promisedDate),
        amount: text(v.amount),
        text: text(v.text),
      });
    if (kind === 'HARDSHIP')
      return collectionActs.hardship({ loginId, relief: v.relief, reason: text(v.reason) });
    if (kind === 'ASSIGN') return collectionActs.assign({ loginId, assignee: text(v.assignee) || null });
    if (kind === 'NEXT')
      return collectionActs.nextAction({
        loginId,
        nextAction: text(v.nextAction),
        nextActionDate: day(v.nextActionDate),
      });
    if (act?.kind !== 'DECIDE') throw new Error('no hardship');
    const decision = v.decision === 'ACCEPTED' ? 'ACCEPTED' : 'DECLINED';
    return collectionActs.decide({ loginId, activityId: act.activityId, decision, note: text(v.note) });
  };

  const submit = async () => {
    if (!act) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      await send(act.kind, values);
      form.resetFields();
      onClose(DONE[act.kind]);
    } catch (e) {
      const field = e instanceof OpsApiError ? fieldOf(act, e) : null;
      if (e instanceof OpsApiError && field) form.setFields([{ name: field, errors: [e.desc] }]);
      else setError(e instanceof OpsApiError ? e.desc : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const area = (name: string, label: string, required: boolean, rows = 3): ReactNode => (
    <Form.Item
      label={label}
      name={name}
      rules={required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []}
    >
      <Input.TextArea maxLength={max} showCount rows={rows} />
    </Form.Item>
  );
  const notAbove = async (_: unknown, value: string | undefined) => {
    if (!value || !YUAN.test(value.trim())) return;
    if (yuanToFen(value.trim()) === 0) throw new Error('承诺金额须大于 0 元');
    if (yuanToFen(value.trim()) > yuanToFen(overdue)) throw new Error(`不能超过当前逾期金额 ${overdue} 元`);
  };

  const fields: Record<CaseAct['kind'], ReactNode> = {
    NOTE: area('text', '备注', true, 4),
    CONTACT: (
      <>
        <Form.Item label="联系方式" name="channel" rules={[{ required: true, message: '请选择联系方式' }]}>
          <Select options={options(CONTACT_CHANNEL_LABEL)} />
        </Form.Item>
        <Form.Item label="联系结果" name="outcome" rules={[{ required: true, message: '请选择联系结果' }]}>
          <Select options={options(CONTACT_OUTCOME_LABEL)} />
        </Form.Item>
        {area('text', '沟通摘要', false)}
      </>
    ),
    PROMISE: (
      <>
        <Typography.Paragraph type="secondary">
          当前逾期 {overdue} 元。承诺日结束后，系统按借款人自承诺起至该日结束的还款合计判定是否兑现。
        </Typography.Paragraph>
        <Form.Item
          label="承诺还款日期"
          name="promisedDate"
          rules={[{ required: true, message: '请选择承诺还款日期' }]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={outside(COLLECTION_LIMITS.promiseMaxDays)} />
        </Form.Item>
        <Form.Item
          label="承诺金额（元）"
          name="amount"
          rules={[
            { required: true, whitespace: true, message: '请填写承诺金额' },
            { pattern: YUAN, message: '金额为元，最多两位小数，如 1000 或 1000.50' },
            { validator: notAbove },
          ]}
        >
          <Input inputMode="decimal" maxLength={24} />
        </Form.Item>
        {area('text', '备注', false, 2)}
      </>
    ),
    HARDSHIP: (
      <>
        <Form.Item label="申请的帮助" name="relief" rules={[{ required: true, message: '请选择申请的帮助' }]}>
          <Select options={options(HARDSHIP_RELIEF_LABEL)} />
        </Form.Item>
        {area('reason', '困难原因', true, 4)}
      </>
    ),
    DECIDE: (
      <>
        <Typography.Paragraph type="secondary">
          接受不会自动减免任何款项；如需减免罚息或服务费，请在借款人页面提交减免申请（须另一位同事复核）。
        </Typography.Paragraph>
        <Form.Item label="处理结果" name="decision" rules={[{ required: true, message: '请选择处理结果' }]}>
          <Radio.Group
            options={[
              { value: 'ACCEPTED', label: '接受' },
              { value: 'DECLINED', label: '拒绝' },
            ]}
          />
        </Form.Item>
        {area('note', '处理说明', false)}
      </>
    ),
    ASSIGN: (
      <Form.Item label="负责人" name="assignee" extra="清空即取消分派">
        <Select
          allowClear
          showSearch
          loading={assignees.isPending}
          placeholder="选择有“催收跟进”权限的同事"
          optionFilterProp="label"
          options={(assignees.data ?? []).map((o) => ({
            value: o.loginId,
            label: `${o.name}（${o.loginId}）`,
          }))}
        />
      </Form.Item>
    ),
    NEXT: (
      <>
        <Form.Item label="下一步行动" name="nextAction" extra="与日期同时清空即取消">
          <Input maxLength={COLLECTION_LIMITS.nextActionMax} showCount />
        </Form.Item>
        <Form.Item label="日期" name="nextActionDate">
          <DatePicker style={{ width: '100%' }} disabledDate={outside(COLLECTION_LIMITS.nextActionMaxDays)} />
        </Form.Item>
      </>
    ),
  };

  return (
    <Modal
      title={act ? `${TITLES[act.kind]}：${loginId}` : ''}
      open={act !== null}
      okText="保存"
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onClose(null)}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{
          assignee: current.assignee ?? undefined,
          nextAction: current.nextAction ?? '',
          nextActionDate: current.nextActionDate ? dayjs(current.nextActionDate) : null,
        }}
      >
        {act && fields[act.kind]}
        {act?.kind === 'DECIDE' && (
          <Typography.Text type="secondary">申请的帮助：{act.relief}</Typography.Text>
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
