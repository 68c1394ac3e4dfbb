import {
  type ApplicationDetail,
  fenToYuan,
  formatYuan,
  PURPOSE_MAX_LENGTH,
  PURPOSE_MIN_LENGTH,
  RSP,
} from '@loan/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { applicationKeys, submitApplication } from '../../api/applications';
import { isApiError, isRspError } from '../../api/errors';
import {
  AGREEMENT_PATH,
  APPLICATION_PATH,
  auditingPath,
  LOAN_INFO_PATH,
  pathWithQuery,
} from '../../app/paths';
import { yuanText } from '../../components/application/ApplicationParts';
import { numberYuanToFen, previewApplication, productFromCard } from '../../components/application/product';
import { useStoreCheck } from '../../components/store/useStoreCheck';
import { todayInShanghai } from '../loan-calculator/calculator-input';
import { type ApplicationFacts, ConfirmSubmitModal } from './ConfirmSubmitModal';
import { amountProblem, effectiveMaxFen, limitRuleText, storeLimitOf, termProblem } from './enter-rules';
import { PreviewSummary } from './PreviewSummary';
import { ScheduleDrawer } from './ScheduleDrawer';

interface EnterValues {
  amount: number | null;
  termMonths: number | null;
  purpose: string;
}

/** A server refusal that is fixed elsewhere: what it says and where to fix it. */
interface Refusal {
  text: string;
  fix?: { to: string; label: string };
}

const AMOUNT_CODES: readonly string[] = [
  RSP.AMOUNT_BELOW_MIN,
  RSP.AMOUNT_ABOVE_MAX,
  RSP.AMOUNT_NOT_MULTIPLE,
  RSP.AMOUNT_ABOVE_STORE_LIMIT,
];

/**
 * The amount, term and purpose of a draft, checked as typed (the product's rules and the store's estimated
 * limit); the preview above the submit button; submitting asks to confirm the key facts first.
 */
export function EnterForm({ detail }: { detail: ApplicationDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [form] = Form.useForm<EnterValues>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [confirming, setConfirming] = useState<ApplicationFacts | null>(null);
  const card = detail.product;
  const product = useMemo(() => productFromCard(card), [card]);
  const storeCheck = useStoreCheck();
  const limit = useMemo(() => storeLimitOf(storeCheck.data), [storeCheck.data]);
  const maxFen = effectiveMaxFen(product, limit);
  const { rowId } = detail.application;
  const amount = Form.useWatch('amount', form);
  const termMonths = Form.useWatch('termMonths', form);
  const here = `${location.pathname}${location.search}`;

  const preview = useMemo(() => {
    if (amount === null || amount === undefined || !termMonths) return null;
    if (amountProblem(product, limit, amount)) return null;
    return previewApplication(product, numberYuanToFen(amount), termMonths, todayInShanghai()).schedule;
  }, [product, limit, amount, termMonths]);

  const submit = useMutation({
    mutationFn: (facts: ApplicationFacts) =>
      submitApplication(
        { rowId, amount: fenToYuan(facts.amountFen), termMonths: facts.months, purpose: facts.purpose },
        { silent: true },
      ),
    onMutate: () => setRefusal(null),
    onSuccess: async () => {
      // the cached detail still says DRAFT: drop it before /auditing reads it
      await queryClient.invalidateQueries({ queryKey: applicationKeys.detail });
      navigate(auditingPath(rowId));
    },
    onError: (error) => {
      // back to the form, where the reason shows
      setConfirming(null);
      if (!isRspError(error)) {
        setRefusal({ text: isApiError(error) ? error.desc : '提交失败，请稍后重试' });
        return;
      }
      if (AMOUNT_CODES.includes(error.code)) form.setFields([{ name: 'amount', errors: [error.desc] }]);
      else if (error.code === RSP.TERM_NOT_OFFERED)
        form.setFields([{ name: 'termMonths', errors: [error.desc] }]);
      else if (error.code === RSP.STORE_NOT_AUTHORISED)
        setRefusal({ text: error.desc, fix: { to: LOAN_INFO_PATH, label: '去授权店铺' } });
      else if (error.code === RSP.AGREEMENT_NOT_ACCEPTED)
        setRefusal({
          text: error.desc,
          fix: { to: pathWithQuery(AGREEMENT_PATH, { redirect: here }), label: '去阅读协议' },
        });
      else if (error.code === RSP.CERTIFICATION_REQUIRED)
        setRefusal({ text: error.desc, fix: { to: APPLICATION_PATH, label: '去完成认证' } });
      else if (error.code === RSP.STEP_NOT_DONE)
        setRefusal({ text: error.desc, fix: { to: detail.application.bankPath, label: '去完成申请步骤' } });
      else setRefusal({ text: error.desc });
    },
  });

  const confirm = (values: EnterValues) => {
    const months = values.termMonths ?? 0;
    const amountFen = numberYuanToFen(values.amount);
    const schedule = previewApplication(product, amountFen, months, todayInShanghai()).schedule;
    if (!schedule) return;
    const purpose = values.purpose.trim();
    setConfirming({
      bankName: detail.application.bankName,
      amountFen,
      months,
      method: product.method,
      purpose,
      schedule,
    });
  };

  const rangeText = `${yuanText(card.minAmount)} ~ ${yuanText(card.maxAmount)}，须为 ${yuanText(card.amountStep)} 的整数倍`;
  return (
    <Flex vertical gap={16}>
      {!detail.canSubmit && (
        <Alert
          type="warning"
          showIcon
          title="提交前还有申请步骤未完成"
          action={<Link to={detail.application.bankPath}>去完成</Link>}
        />
      )}
      <Card title="借款信息">
        {refusal && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={refusal.text}
            action={refusal.fix && <Link to={refusal.fix.to}>{refusal.fix.label}</Link>}
          />
        )}
        {limit && maxFen < product.minAmountFen && (
          <Alert
            className="form-alert"
            type="warning"
            showIcon
            title={`${limitRuleText(`${formatYuan(limit.limitFen)} 元`)}，低于本产品最低额度 ${yuanText(card.minAmount)}，暂不能申请本产品`}
          />
        )}
        <Form<EnterValues>
          form={form}
          layout="vertical"
          initialValues={{ amount: null, termMonths: null, purpose: '' }}
          onFinish={confirm}
        >
          <Form.Item
            label="借款金额（元）"
            name="amount"
            extra={
              <Flex vertical data-testid="amount-limits">
                <span>产品额度 {rangeText}</span>
                {limit ? (
                  <span>
                    {limitRuleText(`${formatYuan(limit.limitFen)} 元`)}
                    {maxFen >= product.minAmountFen && (
                      <>
                        ，本次最高可申请 <Typography.Text strong>{formatYuan(maxFen)} 元</Typography.Text>
                      </>
                    )}
                    ；最终额度以合作机构审批为准
                  </span>
                ) : null}
              </Flex>
            }
            rules={[
              { required: true, message: '请输入借款金额' },
              {
                validator: (_, value: number | null) => {
                  const problem = amountProblem(product, limit, value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber<number>
              style={{ width: '100%' }}
              min={0}
              step={Number(card.amountStep)}
              precision={2}
              placeholder={`${Number(card.minAmount)} ~ ${maxFen / 100}`}
            />
          </Form.Item>
          <Form.Item
            label="借款期限"
            name="termMonths"
            rules={[
              { required: true, message: '请选择借款期限' },
              {
                validator: (_, value: number | null) => {
                  const problem = termProblem(product, value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Select
              placeholder="请选择"
              options={card.terms.map((months) => ({ value: months, label: `${months} 个月` }))}
            />
          </Form.Item>
          <Form.Item
            label="借款用途"
            name="purpose"
            rules={[
              { required: true, whitespace: true, message: '请填写借款用途' },
              {
                validator: (_, value: string) => {
                  const length = (value ?? '').trim().length;
                  return length > 0 && (length < PURPOSE_MIN_LENGTH || length > PURPOSE_MAX_LENGTH)
                    ? Promise.reject(new Error(`借款用途为 ${PURPOSE_MIN_LENGTH}–${PURPOSE_MAX_LENGTH} 个字`))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={PURPOSE_MAX_LENGTH}
              showCount
              placeholder="如：采购备货、支付物流费用"
            />
          </Form.Item>
          <div style={{ margin: '8px 0 16px', paddingTop: 16, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
            {preview && amount !== null && amount !== undefined && termMonths ? (
              <PreviewSummary
                amountFen={numberYuanToFen(amount)}
                months={termMonths}
                method={product.method}
                schedule={preview}
                onShowSchedule={() => setScheduleOpen(true)}
              />
            ) : (
              <Typography.Text type="secondary">
                填写符合产品规则和店铺额度的金额并选择期限后，这里显示还款试算。
              </Typography.Text>
            )}
          </div>
          <Button type="primary" htmlType="submit" loading={submit.isPending} block>
            提交申请
          </Button>
        </Form>
      </Card>
      <ScheduleDrawer open={scheduleOpen} onClose={() => setScheduleOpen(false)} schedule={preview} />
      <ConfirmSubmitModal
        facts={confirming}
        submitting={submit.isPending}
        onConfirm={() => confirming && submit.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Flex>
  );
}
