import { API, type ClientConfig } from '@loan/domain';
import { type CallOptions, get } from './http';

/**
 * What the server tells every client: environment, sandbox adapters on or off, customer service. A module of its
 * own, without query options (client-config.ts): the sign-in page asks before the app has loaded.
 */
export function getClientConfig(options?: CallOptions) {
  return get<ClientConfig>(API.clientConfig, undefined, options);
}
