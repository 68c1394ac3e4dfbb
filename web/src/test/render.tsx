import { render, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { httpClient } from '../api/http';
import { AppProviders, createQueryClient } from '../app/providers';
import { trackRouter } from './settle';

/** Renders routes inside the app's providers with a memory router. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  trackRouter(router);
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

export interface RecordedRequest {
  method: string;
  url: string;
  params: unknown;
  data: unknown;
  headers: Record<string, unknown>;
  timeout: number | undefined;
}

type Reply = { status?: number; body?: unknown } | { error: 'network' | 'timeout' };
type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export const ok = (result: unknown = null): { body: unknown } => ({
  body: { response: { rspCode: '0000', rspDesc: '成功' }, result },
});
export const fail = (rspCode: string, rspDesc: string): { body: unknown } => ({
  body: { response: { rspCode, rspDesc }, result: null },
});

/**
 * Replaces the HTTP layer's transport with a fake (axios `adapter`): no network. The handler sees each request
 * (url relative to the API base, JSON body parsed) and answers with an envelope, a status, or a failure.
 */
export function fakeApi(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers.toJSON() as Record<string, unknown>,
      timeout: config.timeout,
    };
    requests.push(request);
    const reply = await handler(request);
    if ('error' in reply) {
      if (reply.error === 'timeout')
        throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config);
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.body ?? {},
      status,
      statusText: String(status),
      headers: {},
      config,
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        null,
        response,
      );
    }
    return response;
  };
  const previous = httpClient.defaults.adapter;
  httpClient.defaults.adapter = adapter;
  return {
    requests,
    restore: () => {
      httpClient.defaults.adapter = previous;
    },
  };
}

/** Types a whole value at once (a paste): much faster than key-by-key typing in antd forms. */
export async function fillIn(
  user: { click(e: Element): Promise<void>; paste(t: string): Promise<void> },
  element: Element,
  text: string,
) {
  await user.click(element);
  await user.paste(text);
}

/**
 * Waits until an element with this text is in the document. It queries again on every try: antd re-renders
 * form messages (their motion list replaces the node), so an element found once may already be detached.
 */
export async function shown(
  ...[text, options, waitOptions]: Parameters<typeof screen.findByText>
): Promise<void> {
  await waitFor(() => expect(screen.getByText(text, options)).toBeInTheDocument(), waitOptions);
}

/** `shown`, within one part of the page (a dialog, a card, a form item). */
export async function shownIn(container: HTMLElement, text: string | RegExp): Promise<void> {
  await waitFor(() => expect(within(container).getByText(text)).toBeInTheDocument());
}

/** Picks an option of an antd Select by its label (within `scope` when given): the visible list's last match. */
export async function choose(
  user: { click: (element: Element) => Promise<void> },
  label: string,
  option: string,
  scope?: HTMLElement,
): Promise<void> {
  await user.click((scope ? within(scope) : screen).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  const visible = options.filter((o) => o.closest('.ant-select-dropdown-hidden') === null);
  await user.click(visible[visible.length - 1] as HTMLElement);
}
