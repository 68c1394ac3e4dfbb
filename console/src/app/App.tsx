import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { whenSessionExpires } from '../api/http';
import { createConsoleRouter } from './router';
import { CONSOLE_THEME } from './theme';

dayjs.locale('zh-cn');

export function App() {
  const router = useMemo(() => createConsoleRouter(), []);
  const client = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
    [],
  );
  whenSessionExpires(() => {
    client.clear();
    void router.navigate('/login?reason=expired', { replace: true });
  });
  return (
    <ConfigProvider locale={zhCN} theme={CONSOLE_THEME} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
