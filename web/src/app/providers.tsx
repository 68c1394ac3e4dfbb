import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Empty, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { registerNotifier } from '../api/runtime';
import { msToSeconds, UI_DEFAULTS, UI_TEXTS } from './ui-defaults';

dayjs.locale('zh-cn');

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 6,
    zIndexPopupBase: UI_DEFAULTS.zIndexBase,
  },
};

/** SPEC.md §8: the default message of a failed validation rule. */
export const VALIDATE_MESSAGES = {
  default: UI_TEXTS.invalidInput,
  pattern: { mismatch: UI_TEXTS.invalidInput },
};

export const MESSAGE_CONFIG = {
  duration: msToSeconds(UI_DEFAULTS.messageDurationMs),
  maxCount: 5,
};

export const NOTIFICATION_CONFIG = {
  duration: msToSeconds(UI_DEFAULTS.notificationDurationMs),
};

/** SPEC.md §8: an empty table (or list, or select) says "暂无数据". */
export const renderEmpty = () => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={UI_TEXTS.empty} />;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // the HTTP layer already tells the user about failures; a retry would tell them twice
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Hands antd's context-aware message API to the HTTP layer (no static message.* calls). */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(
    () =>
      registerNotifier({
        error: (text, key) => {
          message.error(key ? { content: text, key } : text);
        },
      }),
    [message],
  );
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={THEME}
      form={{ validateMessages: VALIDATE_MESSAGES }}
      renderEmpty={renderEmpty}
    >
      <AntApp message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
