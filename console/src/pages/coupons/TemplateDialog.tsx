import {
  BANK_CODES,
  bankNameOf,
  type CouponTemplateField,
  type CouponTrigger,
  readCouponTemplate,
} from '@loan/domain';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { couponActs, type TemplateFields, type TemplateLine } from '../../api/coupons';
import { OpsApiError } from '../../api/http';

interface Values {
  name: string;
  kind: TemplateFields['kind'];
  amount?: string;
  threshold?: string;
  percent?: number | null;
  cap?: string;
  validity: 'DAYS' | 'DATE';
  days?: number | null;
  lastDay?: Dayjs | null;
  scope: NonNullable<TemplateFields['scope']>;
  scopeValues?: string[];
  auto: boolean;
}

const KINDS = [
  { value: 'AMOUNT_OFF', label: '满减券' },
  { value: 'PERCENT_OFF', label: '折扣券' },
  { value: 'FREE_FEE', label: '免服务费券' },
];
const SCOPES = [
  { value: 'ALL', label: '全部产品' },
  { value: 'BANKS', label: '指定机构' },
  { value: 'PRODUCTS', label: '指定产品（填写产品编号）' },
];
const CERTIFIED: CouponTrigger = 'CERTIFIED';

const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The form's values as the API takes them: only the fields of the kind and validity chosen. */
export function fieldsOf(v: Values): TemplateFields {
  return {
    name: v.name ?? '',
    kind: v.kind,
    amount: v.kind === 'AMOUNT_OFF' ? text(v.amount) : null,
    threshold: v.kind === 'AMOUNT_OFF' ? text(v.threshold) : null,
    percent: v.kind === 'PERCENT_OFF' ? (v.percent ?? null) : null,
    cap: v.kind === 'PERCENT_OFF' ? text(v.cap) : null,
    days: v.validity === 'DAYS' ? (v.days ?? null) : null,
    lastDay: v.validity === 'DATE' ? (v.lastDay?.format('YYYY-MM-DD') ?? null) : null,
    scope: v.scope,
    scopeValues: v.scope === 'ALL' ? [] : (v.scopeValues ?? []),
    trigger: v.auto ? CERTIFIED : null,
  };
}

/** A refusal's sentence → the field it is about (the server says each problem in words). */
const FIELD_WORDS: [RegExp, CouponTemplateField][] = [
  [/名称/, 'name'],
  [/减免金额/, 'amount'],
  [/门槛/, 'threshold'],
  [/折扣|百分比/, 'percent'],
  [/封顶|最高减免/, 'cap'],
  [/有效天数|二选一/, 'days'],
  [/截止日期/, 'lastDay'],
  [/机构|产品/, 'scopeValues'],
];

function valuesOf(line: TemplateLine | null): Partial<Values> {
  if (!line) return { kind: 'AMOUNT_OFF', validity: 'DAYS', days: 30, scope: 'ALL', auto: false };
  return {
    name: line.name,
    kind: line.kind,
    amount: line.amount ?? undefined,
    threshold: line.threshold ?? undefined,
    percent: line.percent,
    cap: line.cap ?? undefined,
    validity: line.lastDay ? 'DATE' : 'DAYS',
    days: line.days,
    lastDay: line.lastDay ? dayjs(line.lastDay) : null,
    scope: line.scope,
    scopeValues: line.scopeValues,
    auto: line.trigger === CERTIFIED,
  };
}

/**
 * 新建 / 编辑优惠券模板. The rules are the domain's (the same the server applies): each problem shows under its
 * field before anything is sent, and a refusal from the server is put under the field it names.
 */
export function TemplateDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  /** the template edited; null: a new one */
  editing: TemplateLine | null;
  onClose: (done: string | null) => void;
}) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const validity = Form.useWatch('validity', form);
  const scope = Form.useWatch('scope', form);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showProblems = (list: { field: CouponTemplateField; message: string }[]) => {
    const byField = new Map<string, string[]>();
    for (const p of list) byField.set(p.field, [...(byField.get(p.field) ?? []), p.message]);
    form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof Values, errors })));
  };
  const submit = async () => {
    const values = await form.validateFields();
    const fields = fieldsOf(values);
    setError(null);
    const { problems } = readCouponTemplate(fields, new Date());
    if (problems.length > 0) return showProblems(problems);
    setBusy(true);
    try {
      if (editing) await couponActs.update(editing.templateId, fields);
      else await couponActs.create(fields);
      form.resetFields();
      onClose(editing ? '已保存，之后发放的券按新规则' : '已新建模板');
    } catch (e) {
      const desc = e instanceof OpsApiError ? e.desc : '保存失败，请稍后重试';
      const placed = desc.split('；').map((message) => ({
        message,
        field: FIELD_WORDS.find(([words]) => words.test(message))?.[1],
      }));
      if (placed.every((p) => p.field))
        showProblems(placed as { field: CouponTemplateField; message: string }[]);
      else setError(desc);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={editing ? `编辑模板「${editing.name}」` : '新建优惠券模板'}
      open={open}
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
        initialValues={valuesOf(editing)}
        preserve={false}
      >
        <Form.Item
          label="模板名称（即券名）"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请填写模板名称' }]}
        >
          <Input maxLength={40} showCount />
        </Form.Item>
        <Form.Item label="类型" name="kind">
          <Select options={KINDS} />
        </Form.Item>
        {kind === 'AMOUNT_OFF' && (
          <>
            <Form.Item label="减免金额（元）" name="amount">
              <Input inputMode="decimal" placeholder="如 20 或 20.00" />
            </Form.Item>
            <Form.Item label="使用门槛（元，不填为无门槛立减）" name="threshold">
              <Input inputMode="decimal" placeholder="如 100.00" />
            </Form.Item>
          </>
        )}
        {kind === 'PERCENT_OFF' && (
          <>
            <Form.Item label="减免百分比（1–99）" name="percent">
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="最高减免（元，不填为不封顶）" name="cap">
              <Input inputMode="decimal" placeholder="如 50.00" />
            </Form.Item>
          </>
        )}
        <Form.Item label="有效期" name="validity">
          <Radio.Group
            options={[
              { value: 'DAYS', label: '发放后天数' },
              { value: 'DATE', label: '固定截止日期' },
            ]}
          />
        </Form.Item>
        {validity === 'DATE' ? (
          <Form.Item label="截止日期（当天有效）" name="lastDay">
            <DatePicker style={{ width: '100%' }} inputReadOnly />
          </Form.Item>
        ) : (
          <Form.Item label="有效天数" name="days">
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item label="适用范围" name="scope">
          <Select options={SCOPES} />
        </Form.Item>
        {scope && scope !== 'ALL' && (
          <Form.Item label={scope === 'BANKS' ? '合作机构' : '产品编号'} name="scopeValues">
            <Select
              mode={scope === 'BANKS' ? 'multiple' : 'tags'}
              options={scope === 'BANKS' ? BANK_CODES.map((c) => ({ value: c, label: bankNameOf(c) })) : []}
              tokenSeparators={[',', '，', ' ']}
            />
          </Form.Item>
        )}
        <Form.Item
          label="认证通过时自动发放"
          name="auto"
          valuePropName="checked"
          extra="借款人首次完成认证时自动获得一张（每人每个模板一张）"
        >
          <Switch />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
