import {
  API,
  type ApplicationDetail,
  type CreateApplicationRequest,
  type ProductListResult,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { type CallOptions, get, post } from './http';

/** The products of the partner banks (no session needed) and starting an application for one. */

const productKeys = {
  list: ['products', 'list'],
} as const;

function productList(options?: CallOptions) {
  return get<ProductListResult>(API.productList, undefined, options);
}

export const productListQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.list,
    queryFn: ({ signal }) => productList({ signal }),
  });

/** A draft application for this product (or the open one that exists); its bank page is application.bankPath. */
export function createApplication(productCode: string, options?: CallOptions) {
  const body: CreateApplicationRequest = { productCode };
  return post<ApplicationDetail>(API.createApplication, body, options);
}
