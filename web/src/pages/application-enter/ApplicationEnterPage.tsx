import { LoginOutlined, MessageOutlined } from '@ant-design/icons';
import {
  type ApplicationDetail,
  fenToYuan,
  formatPercent,
  formatYuan,
  type Product,
  RSP,
  type Schedule,
  validateProductApplication,
} from '@loan/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { applicationList, submitApplication } from '../../api/applications';
import { isApiError, isRspError } from '../../api/errors';
import { QUERY_KEYS } from '../../api/query-keys';
import { LOGIN_PATH } from '../../app/guard';
import { ApplicationStateTag, ProductSummary, yuanText } from '../../components/application/ApplicationParts';
import { numberYuanToFen, previewApplication, productFromCard } from '../../components/application/product';
import { useApplicationDetail } from '../../components/application/useApplicationDetail';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { useSession } from '../../session/useSession';
import { todayInShanghai } from '../loan-calculator/calculator-input';

const PURPOSE_MIN = 2;
const PURPOSE_MAX = 200;
const SHOWN_DUE_DATES = 3;

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

const AMOUNT_CODES: readonly string[] = [RSP.AMOUNT_BELOW_MIN, RSP.AMOUNT_ABOVE_MAX, RSP.AMOUNT_NOT_MULTIPLE];

/** The first problem of the amount (with an offered term) or of the term (with the least amount). */
function amountProblem(product: Product, yuan: number | null | undefined): string | null {
  if (yuan === null || yuan === undefined) return null;
  const months = product.terms[0] ?? 1;
  return validateProductApplication(product, { amountFen: numberYuanToFen(yuan), months })[0]?.reason ?? null;
}

function termProblem(product: Product, months: number | null | undefined): string | null {
  if (months === null || months === undefined) return null;
  return validateProductApplication(product, { amountFen: product.minAmountFen, months })[0]?.reason ?? null;
}

export function RepaymentPreview({ schedule, method }: { schedule: Schedule; method: Product['method'] }) {
  const first = schedule.instalments[0];
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'instalment',
            label: method === 'EQUAL_INSTALMENT' ? '每月还款' : '首期还款',
            children: first ? `${formatYuan(first.paymentFen)} 元` : '—',
          },
          { key: 'interest', label: '利息总额', children: `${formatYuan(schedule.totals.interestFen)} 元` },
          { key: 'fees', label: '服务费总额', children: `${formatYuan(schedule.totals.feeFen)} 元` },
          { key: 'total', label: '还款总额', children: `${formatYuan(schedule.totals.paymentFen)} 元` },
          { key: 'annualised', label: '年化利率', children: formatPercent(schedule.annualisedRate) },
        ]}
      />
      <Table
        size="small"
        style={{ marginTop: 12 }}
        pagination={false}
        rowKey="period"
        aria-label="前几期还款"
        dataSource={schedule.instalments.slice(0, SHOWN_DUE_DATES)}
        columns={[
          { title: '期数', dataIndex: 'period' },
          { title: '还款日', dataIndex: 'dueDate' },
          { title: '应还（元）', dataIndex: 'paymentFen', render: (fen: number) => formatYuan(fen) },
        ]}
      />
    </>
  );
}

function EnterForm({ detail }: { detail: ApplicationDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [form] = Form.useForm<EnterValues>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const card = detail.product;
  const product = useMemo(() => productFromCard(card), [card]);
  const { rowId } = detail.application;
  const amount = Form.useWatch('amount', form);
  const termMonths = Form.useWatch('termMonths', form);
  const here = `${location.pathname}${location.search}`;

  const preview = useMemo(() => {
    if (amount === null || amount === undefined || !termMonths) return null;
    return previewApplication(product, numberYuanToFen(amount), termMonths, todayInShanghai());
  }, [product, amount, termMonths]);

  const submit = useMutation({
    mutationFn: (values: EnterValues) =>
      submitApplication(
        {
          rowId,
          amount: fenToYuan(numberYuanToFen(values.amount)),
          termMonths: values.termMonths ?? 0,
          purpose: values.purpose.trim(),
        },
        { silent: true },
      ),
    onMutate: () => setRefusal(null),
    onSuccess: async () => {
      // the cached detail still says DRAFT: drop it before /auditing reads it
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.applicationDetail });
      navigate(`/auditing?rowId=${rowId}`);
    },
    onError: (error) => {
      if (!isRspError(error)) {
        setRefusal({ text: isApiError(error) ? error.desc : '提交失败，请稍后重试' });
        return;
      }
      if (AMOUNT_CODES.includes(error.code)) form.setFields([{ name: 'amount', errors: [error.desc] }]);
      else if (error.code === RSP.TERM_NOT_OFFERED)
        form.setFields([{ name: 'termMonths', errors: [error.desc] }]);
      else if (error.code === RSP.STORE_NOT_AUTHORISED)
        setRefusal({ text: error.desc, fix: { to: '/apply/LoanInfo', label: '去授权店铺' } });
      else if (error.code === RSP.AGREEMENT_NOT_ACCEPTED)
        setRefusal({
          text: error.desc,
          fix: { to: `/agreement?redirect=${encodeURIComponent(here)}`, label: '去阅读协议' },
        });
      else if (error.code === RSP.CERTIFICATION_REQUIRED)
        setRefusal({ text: error.desc, fix: { to: '/application', label: '去完成认证' } });
      else if (error.code === RSP.STEP_NOT_DONE)
        setRefusal({ text: error.desc, fix: { to: detail.application.bankPath, label: '去完成申请步骤' } });
      else setRefusal({ text: error.desc });
    },
  });

  const minYuan = Number(card.minAmount);
  const maxYuan = Number(card.maxAmount);
  const stepYuan = Number(card.amountStep);

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
        <Form<EnterValues>
          form={form}
          layout="vertical"
          initialValues={{ amount: null, termMonths: null, purpose: '' }}
          onFinish={(values) => submit.mutate(values)}
        >
          <Form.Item
            label="借款金额（元）"
            name="amount"
            extra={`${yuanText(card.minAmount)} ~ ${yuanText(card.maxAmount)}，须为 ${yuanText(card.amountStep)} 的整数倍`}
            rules={[
              { required: true, message: '请输入借款金额' },
              {
                validator: (_, value: number | null) => {
                  const problem = amountProblem(product, value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber<number>
              style={{ width: '100%' }}
              min={0}
              step={stepYuan}
              precision={2}
              placeholder={`${minYuan} ~ ${maxYuan}`}
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
                  return length > 0 && (length < PURPOSE_MIN || length > PURPOSE_MAX)
                    ? Promise.reject(new Error(`借款用途为 ${PURPOSE_MIN}–${PURPOSE_MAX} 个字`))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={PURPOSE_MAX}
              showCount
              placeholder="如：采购备货、支付物流费用"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending} block>
            提交申请
          </Button>
        </Form>
      </Card>
      <Card title="还款试算" size="small">
        {preview?.schedule ? (
          <RepaymentPreview schedule={preview.schedule} method={product.method} />
        ) : (
          <Typography.Text type="secondary">
            填写符合产品规则的金额和期限后，这里显示还款试算。
          </Typography.Text>
        )}
      </Card>
    </Flex>
  );
}

function EnterApplication({ rowId }: { rowId: string }) {
  const detail = useApplicationDetail({ rowId });
  const navigate = useNavigate();
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError)
    return (
      <Result
        status={isRspError(detail.error) ? '404' : 'warning'}
        title={isRspError(detail.error) ? '申请不存在或无权查看' : '暂时无法加载申请'}
        extra={
          isRspError(detail.error) ? (
            <Button type="primary" onClick={() => navigate('/application')}>
              返回融资申请
            </Button>
          ) : (
            <Button onClick={() => void detail.refetch()}>重新加载</Button>
          )
        }
      />
    );
  const { application, product } = detail.data;
  return (
    <Flex vertical gap={16}>
      <Card
        title={`${application.bankName} · ${product.name}`}
        extra={<ApplicationStateTag state={application.state} />}
      >
        <ProductSummary product={product} />
      </Card>
      {application.state === 'DRAFT' ? (
        <EnterForm detail={detail.data} />
      ) : (
        <Result
          status="info"
          title="该申请已提交"
          extra={
            <Button type="primary" onClick={() => navigate(`/auditing?rowId=${application.rowId}`)}>
              查看审核进度
            </Button>
          }
        />
      )}
    </Flex>
  );
}

function SignInPrompt() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Card variant="borderless">
      <Result
        status="info"
        title="请先登录"
        subTitle="登录后即可填写借款金额、期限和用途并提交申请，登录后会回到本页。"
        extra={
          <Space wrap>
            <Button
              type="primary"
              icon={<LoginOutlined />}
              onClick={() => navigate(`${LOGIN_PATH}?redirect=${back}`)}
            >
              登录
            </Button>
            <Button icon={<MessageOutlined />} onClick={() => navigate('/materialLogin')}>
              资料录入
            </Button>
          </Space>
        }
      />
    </Card>
  );
}

/** /application/enter?rowId=…: the amount, term and purpose of a draft application, checked as typed. */
/** Without a rowId: the drafts the borrower can go on with, or the way to choose a product. */
function ChooseDraft() {
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: QUERY_KEYS.applicationList,
    queryFn: ({ signal }) => applicationList({ silent: true, signal }),
    staleTime: 0,
  });
  if (list.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (list.isError) {
    return (
      <Result
        status="warning"
        title="暂时无法加载您的申请"
        extra={<Button onClick={() => void list.refetch()}>重新加载</Button>}
      />
    );
  }
  const drafts = list.data.items.filter((a) => a.state === 'DRAFT');
  if (drafts.length === 0) {
    return (
      <Card variant="borderless">
        <Empty description="您还没有待填写的申请，请先选择贷款产品">
          <Button type="primary" onClick={() => navigate('/apply/LoanInfo')}>
            选择贷款产品
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Card title="选择要填写的申请">
      <ul className="row-list">
        {drafts.map((a) => (
          <li key={a.rowId}>
            <Flex vertical gap={2}>
              <Typography.Text strong>{`${a.bankName} · ${a.productCode}`}</Typography.Text>
              <Typography.Text type="secondary">申请编号 {a.rowId}</Typography.Text>
            </Flex>
            <Link to={`/application/enter?rowId=${a.rowId}`}>继续填写</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function ApplicationEnterPage() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const rowId = searchParams.get('rowId');
  let content: ReactNode;
  if (!session.accessToken) content = <SignInPrompt />;
  else if (!rowId) content = <ChooseDraft />;
  else content = <EnterApplication key={rowId} rowId={rowId} />;
  return (
    <StandaloneFrame width={760}>
      <Typography.Title level={3} className="standalone-title">
        填写借款信息
      </Typography.Title>
      {content}
    </StandaloneFrame>
  );
}
