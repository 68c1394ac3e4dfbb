import { API, type ClientConfig } from '@loan/domain';
import { type CallOptions, get } from './http';

/** What the server tells every client: environment, sandbox adapters on or off. */
export function getClientConfig(options?: CallOptions) {
  return get<ClientConfig>(API.clientConfig, undefined, options);
}
