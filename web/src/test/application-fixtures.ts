import {
  type ApplicationDetail,
  type ApplicationState,
  type ApplicationView,
  bankRoutePath,
  fenToYuan,
  PARTNER_BANKS,
  type Product,
  type ProductCard,
  productFlow,
  SEED_PRODUCTS,
  STEP_INFO,
  type StepKey,
  type StepStatus,
} from '@loan/domain';

/** Test data of the apply journey, built from the domain's seed catalogue and bank flows. */

export function seedProduct(productCode: string): Product {
  const product = SEED_PRODUCTS.find((p) => p.productCode === productCode);
  if (!product) throw new Error(`no seed product ${productCode}`);
  return product;
}

export function productCard(productCode: string): ProductCard {
  const p = seedProduct(productCode);
  return {
    bank: p.bank,
    bankName: PARTNER_BANKS[p.bank].name,
    productCode: p.productCode,
    productType: p.productType ?? null,
    name: p.name,
    summary: p.summary,
    minAmount: fenToYuan(p.minAmountFen),
    maxAmount: fenToYuan(p.maxAmountFen),
    amountStep: fenToYuan(p.amountStepFen),
    terms: [...p.terms],
    annualRate: p.annualRate,
    method: p.method,
    serviceFee: p.serviceFee ? { kind: p.serviceFee.kind, rate: String(p.serviceFee.rate) } : null,
    annualisedRateMin: '0.1800',
    annualisedRateMax: '0.1900',
    materials: [...p.materials],
    flow: [...productFlow(p)],
  };
}

interface DetailOptions {
  rowId?: number;
  mcOrderNo?: string | null;
  state?: ApplicationState;
  /** the borrower's current step; steps before it are done */
  current?: StepKey;
  canSubmit?: boolean;
  canCancel?: boolean;
  canSign?: boolean;
  amount?: string | null;
  termMonths?: number | null;
  approvedAmount?: string | null;
  decisionReason?: string | null;
  loanId?: number | null;
}

export function applicationDetail(productCode: string, options: DetailOptions = {}): ApplicationDetail {
  const product = productCard(productCode);
  const rowId = options.rowId ?? 101;
  const mcOrderNo = options.mcOrderNo ?? (product.bank === 'CRBANK' ? 'MC20261121001' : null);
  const state = options.state ?? 'DRAFT';
  const current = options.current ?? product.flow[0];
  const currentIndex = current ? product.flow.indexOf(current) : -1;
  const ids = mcOrderNo
    ? { mcOrderNo }
    : { rowId: String(rowId), productCode: product.productCode, productType: product.productType ?? '' };
  const application: ApplicationView = {
    rowId,
    bank: product.bank,
    bankName: product.bankName,
    productCode: product.productCode,
    productType: product.productType,
    mcOrderNo,
    state,
    amount: options.amount ?? null,
    termMonths: options.termMonths ?? null,
    purpose: options.amount ? '采购备货' : null,
    approvedAmount: options.approvedAmount ?? null,
    decisionReason: options.decisionReason ?? null,
    createdAt: '2026-11-21T02:00:00.000Z',
    updatedAt: '2026-11-21T02:00:00.000Z',
    submittedAt: null,
    decidedAt: null,
    signDeadline: state === 'APPROVED' || state === 'SIGNED' ? '2026-11-28' : null,
    bankPath: bankRoutePath(product.bank, ids as never),
    loanId: options.loanId ?? null,
  };
  return {
    application,
    product,
    steps: product.flow.map((key, index) => {
      const reviewing = key === 'BANK_REVIEW' && (state === 'SUBMITTED' || state === 'UNDER_REVIEW');
      const status: StepStatus =
        index < currentIndex ? 'DONE' : index === currentIndex ? (reviewing ? 'WAITING' : 'CURRENT') : 'TODO';
      return { ...STEP_INFO[key], status, path: null };
    }),
    timeline: [
      {
        at: '2026-11-21T02:00:00.000Z',
        fromState: null,
        toState: 'DRAFT',
        event: 'CREATE',
        actor: 'BORROWER',
        actorLabel: '借款人',
        reason: null,
      },
    ],
    canSubmit: options.canSubmit ?? current === 'SUBMIT',
    canCancel: options.canCancel ?? false,
    canSign: options.canSign ?? false,
  };
}
