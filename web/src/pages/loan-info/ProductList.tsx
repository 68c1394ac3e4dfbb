import { InfoCircleOutlined } from '@ant-design/icons';
import {
  MATERIAL_INFO,
  type ProductCard,
  REPAYMENT_METHOD_LABELS,
  RSP,
  rspText,
  STORE_AUTH_STATUS_INFO,
  type StoreAuthStatus,
  storeApplyProblem,
} from '@loan/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Popover,
  Row,
  Segmented,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isRspError } from '../../api/errors';
import { createApplication, productListQueryOptions } from '../../api/products';
import { storeCheckQueryOptions } from '../../api/stores';
import { useMessage } from '../../app/feedback';
import { LOAN_CALCULATOR_PATH, pathWithQuery } from '../../app/paths';
import { DRAWN_AFTER_PAGE_CALLS } from '../../app/route-data';
import { useDelayedLoading } from '../../app/useDelayedLoading';
import { ServiceFeeTerms } from '../../components/fees/ServiceFeeTerms';
import { storeAuthButtonText } from '../../components/store/StoreAuthCard';
import { StoreAuthModal } from '../../components/store/StoreAuthModal';
import {
  ALL_BANKS,
  ANNUALISED_RATE_EXPLANATION,
  amountRangeText,
  annualisedText,
  type BankFilter,
  bankOptions,
  institutionKindText,
  type RateSort,
  rateText,
  termsText,
  visibleProducts,
} from './product-view';

function AnnualisedRateLabel() {
  return (
    <span>
      年化利率{' '}
      <Popover
        trigger="click"
        title="什么是年化利率"
        content={<div style={{ maxWidth: 280 }}>{ANNUALISED_RATE_EXPLANATION}</div>}
      >
        <Button
          type="link"
          size="small"
          icon={<InfoCircleOutlined />}
          aria-label="年化利率说明"
          style={{ padding: 0, height: 'auto' }}
        />
      </Popover>
    </span>
  );
}

interface ApplyState {
  status: StoreAuthStatus | null;
  pendingCode: string | null;
  onApply: (product: ProductCard) => void;
  onAuthorise: () => void;
}

function ApplyButton({ product, apply }: { product: ProductCard; apply: ApplyState }) {
  if (apply.status === null) return <Button loading>立即申请</Button>;
  const info = STORE_AUTH_STATUS_INFO[apply.status];
  if (info.canApply) {
    return (
      <Button
        type="primary"
        loading={apply.pendingCode === product.productCode}
        disabled={apply.pendingCode !== null && apply.pendingCode !== product.productCode}
        onClick={() => apply.onApply(product)}
      >
        立即申请
      </Button>
    );
  }
  const action = storeAuthButtonText(apply.status);
  return action ? (
    <Button
      type="primary"
      ghost
      onClick={apply.onAuthorise}
      aria-label={`${action}后申请（店铺${info.label}）`}
    >
      {action}后申请
    </Button>
  ) : (
    <Button disabled>店铺{info.label}</Button>
  );
}

function ProductItem({ product, apply }: { product: ProductCard; apply: ApplyState }) {
  return (
    <Card
      className="product-card"
      title={
        <Flex vertical gap={2} style={{ whiteSpace: 'normal', padding: '8px 0' }}>
          <Typography.Text strong>{product.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {product.bankName} · {institutionKindText(product.bank)}
          </Typography.Text>
        </Flex>
      }
      // the card is a column and its body takes the rest: a body of height 100% would overflow the card by
      // the height of its title and slide its buttons under the next card on a phone
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, flex: 1 } }}
      aria-label={`${product.bankName} ${product.name}`}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {product.summary}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'amount', label: '额度', children: amountRangeText(product) },
          { key: 'terms', label: '期限', children: termsText(product) },
          { key: 'rate', label: '名义年利率', children: rateText(product.annualRate) },
          {
            key: 'annualised',
            label: <AnnualisedRateLabel />,
            children: <strong>{annualisedText(product)}</strong>,
          },
          { key: 'method', label: '还款方式', children: REPAYMENT_METHOD_LABELS[product.method] },
          { key: 'fee', label: '服务费', children: <ServiceFeeTerms fee={product.serviceFee} /> },
        ]}
      />
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          所需材料
        </Typography.Text>
        <Flex wrap gap={4} style={{ marginTop: 4 }}>
          {product.materials.map((m) => (
            <Tag key={m}>{MATERIAL_INFO[m].title}</Tag>
          ))}
        </Flex>
      </div>
      <Flex gap={8} justify="flex-end" style={{ marginTop: 'auto' }} wrap>
        <Link to={pathWithQuery(LOAN_CALCULATOR_PATH, { productCode: product.productCode })}>
          <Button>试算</Button>
        </Link>
        <ApplyButton product={product} apply={apply} />
      </Flex>
    </Card>
  );
}

/** The products of the partner banks as comparable cards, with the bank filter, the rate sort and applying. */
export function ProductList() {
  const products = useQuery({ ...productListQueryOptions(), ...DRAWN_AFTER_PAGE_CALLS });
  const store = useQuery({ ...storeCheckQueryOptions(), ...DRAWN_AFTER_PAGE_CALLS });
  const loading = useDelayedLoading(products.isPending);
  const navigate = useNavigate();
  const message = useMessage();
  const [bank, setBank] = useState<BankFilter>(ALL_BANKS);
  const [sort, setSort] = useState<RateSort>('ASC');
  const [authOpen, setAuthOpen] = useState(false);

  const items = products.data?.items ?? [];
  const options = useMemo(() => bankOptions(items), [items]);
  const shown = useMemo(() => visibleProducts(items, bank, sort), [items, bank, sort]);
  const status: StoreAuthStatus | null = store.data?.shopAuth ?? (store.isError ? '01' : null);
  const problem = status === null ? null : storeApplyProblem(status);

  const apply = useMutation({
    mutationFn: (product: ProductCard) => createApplication(product.productCode, { silent: true }),
    onSuccess: (detail) => navigate(detail.application.bankPath),
    onError: (e) => {
      if (isRspError(e)) {
        message.error(e.desc);
        if (e.code === RSP.STORE_NOT_AUTHORISED) void store.refetch();
      }
    },
  });

  const applyState: ApplyState = {
    status,
    pendingCode: apply.isPending ? (apply.variables?.productCode ?? null) : null,
    onApply: (product) => apply.mutate(product),
    onAuthorise: () => setAuthOpen(true),
  };

  return (
    <Card
      title="贷款产品"
      extra={
        items.length > 0 && (
          <Select<RateSort>
            aria-label="排序"
            size="small"
            value={sort}
            onChange={setSort}
            popupMatchSelectWidth={false}
            options={[
              { value: 'ASC', label: '年化利率从低到高' },
              { value: 'DESC', label: '年化利率从高到低' },
            ]}
          />
        )
      }
    >
      {problem && status !== null && (
        <Alert
          className="form-alert"
          type="warning"
          showIcon
          title={rspText(RSP.STORE_NOT_AUTHORISED)}
          description={problem.reason}
          action={
            storeAuthButtonText(status) && (
              <Button size="small" type="primary" onClick={() => setAuthOpen(true)}>
                {storeAuthButtonText(status)}
              </Button>
            )
          }
        />
      )}
      {loading ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} md={12} xl={8}>
              <Card>
                <Skeleton active paragraph={{ rows: 6 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : products.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="产品列表加载失败">
          <Button onClick={() => void products.refetch()}>重新加载</Button>
        </Empty>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可申请的贷款产品" />
      ) : (
        <Flex vertical gap={16}>
          <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Segmented<BankFilter>
              aria-label="按合作机构筛选"
              value={bank}
              onChange={setBank}
              options={options}
            />
          </div>
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该机构暂无产品" />
          ) : (
            <Row gutter={[16, 16]}>
              {shown.map((product) => (
                <Col key={product.productCode} xs={24} md={12} xl={8}>
                  <ProductItem product={product} apply={applyState} />
                </Col>
              ))}
            </Row>
          )}
        </Flex>
      )}
      <StoreAuthModal
        open={authOpen}
        onClose={() => setAuthOpen(false)}
        sellerId={store.data?.storeInfo?.sellerId}
      />
    </Card>
  );
}
