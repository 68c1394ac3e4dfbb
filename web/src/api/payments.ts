import type {
  CreatedOrder,
  CreateOrderRequest,
  PaymentOrderView,
  RepayNowRequest,
  SandboxCashierRequest,
} from '@loan/domain';
import { API, isClosedOrderState } from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from './errors';
import { asApiError, type CallOptions, get, httpClient, post } from './http';

/** Payment orders (/pay/…): paying fee items or an instalment now, the sandbox cashier, receipts. */

export const paymentKeys = {
  /** every key of this file starts with it */
  all: ['pay'],
  order: ['pay', 'order'],
  paidOrders: ['pay', 'orders'],
} as const;

/** How often the cashier asks for the order while it waits for the gateway's answer. */
const ORDER_POLL_MS = 1500;

export function createOrder(body: CreateOrderRequest, options?: CallOptions) {
  return post<CreatedOrder>(API.payCreateOrder, body, options);
}

export function repayNow(body: RepayNowRequest, options?: CallOptions) {
  return post<CreatedOrder>(API.payRepayNow, body, options);
}

function paymentOrder(outTradeNo: string, options?: CallOptions) {
  return get<PaymentOrderView>(API.payOrder, { outTradeNo }, options);
}

/** The order, asked again every ORDER_POLL_MS until the order machine's final state (paid or closed). */
export const paymentOrderQueryOptions = (outTradeNo: string) =>
  queryOptions({
    queryKey: [...paymentKeys.order, outTradeNo],
    queryFn: ({ signal }) => paymentOrder(outTradeNo, { silent: true, signal }),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status !== undefined && !isClosedOrderState(status) ? ORDER_POLL_MS : false;
    },
  });

export function closeOrder(outTradeNo: string, options?: CallOptions) {
  return post<PaymentOrderView>(API.payCloseOrder, { outTradeNo }, options);
}

export function sandboxCashier(body: SandboxCashierRequest, options?: CallOptions) {
  return post<PaymentOrderView>(API.paySandboxCashier, body, options);
}

export function paidOrders(options?: CallOptions) {
  return get<PaymentOrderView[]>(API.payOrders, {}, options);
}

export const paidOrdersQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.paidOrders,
    queryFn: ({ signal }) => paidOrders({ silent: true, signal }),
    staleTime: 0,
  });

/** The 电子回单 file name from Content-Disposition (filename*=UTF-8'' first), else 电子回单-<order>.pdf. */
function receiptFileName(disposition: unknown, outTradeNo: string): string {
  const fallback = `电子回单-${outTradeNo}.pdf`;
  if (typeof disposition !== 'string') return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (!star?.[1]) return fallback;
  try {
    return decodeURIComponent(star[1].trim());
  } catch {
    return fallback;
  }
}

const RECEIPT_TIMEOUT_MS = 30_000;
const RECEIPT_FAILED = '电子回单下载失败，请稍后重试';

/** GET /pay/receipt?outTradeNo=: the PDF as a blob (through the one client, so it carries the token). */
export async function downloadReceipt(outTradeNo: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Awaited<ReturnType<typeof httpClient.get<Blob>>>;
  try {
    response = await httpClient.get<Blob>(API.payReceipt, {
      params: { outTradeNo },
      responseType: 'blob',
      timeout: RECEIPT_TIMEOUT_MS,
    });
  } catch (error) {
    throw asApiError(error);
  }
  const blob = response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart]);
  const type = String(response.headers['content-type'] ?? blob.type ?? '');
  if (!type.includes('pdf')) {
    let desc = RECEIPT_FAILED;
    try {
      const body = JSON.parse(await blob.text()) as { response?: { rspDesc?: string } };
      desc = body.response?.rspDesc || desc;
    } catch {
      // not an envelope
    }
    throw new ApiError('rsp', 'RECEIPT', desc);
  }
  return { blob, fileName: receiptFileName(response.headers['content-disposition'], outTradeNo) };
}
