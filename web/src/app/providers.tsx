import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Empty } from 'antd';
// the ES module build of the locale (antd/locale/* is the CommonJS one)
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { isApiError } from '../api/errors';
import { FeedbackRoot } from './feedback';
import { THEME } from './theme';
import { UI_TEXTS } from './ui-defaults';

/** docs/PRODUCT.md §8: the default message of a failed validation rule. */
export const VALIDATE_MESSAGES = {
  default: UI_TEXTS.invalidInput,
  pattern: { mismatch: UI_TEXTS.invalidInput },
};

/** docs/PRODUCT.md §8: an empty table (or list, or select) says "暂无数据". */
const renderEmpty = () => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={UI_TEXTS.empty} />;

/**
 * Whether a read is asked again: once, and only after a time-out (a slow answer, not a refusal). The HTTP layer
 * already tells the user about failures, so anything else would be told twice.
 */
export const retryRead = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && isApiError(error) && error.kind === 'timeout';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryRead, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Where antd puts what it still writes at runtime under `zeroRuntime`: its CSS variables, which the built stylesheet
 * already declares (build/antd-static-css.ts). A node outside the document: the browser never parses them again,
 * and the first render's commit adds no stylesheet per component to the page.
 */
const runtimeStyles = typeof document === 'undefined' ? undefined : document.createElement('div');

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <StyleProvider container={runtimeStyles}>
      <ConfigProvider
        locale={zhCN}
        theme={THEME}
        form={{ validateMessages: VALIDATE_MESSAGES }}
        renderEmpty={renderEmpty}
      >
        <FeedbackRoot>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </FeedbackRoot>
      </ConfigProvider>
    </StyleProvider>
  );
}
