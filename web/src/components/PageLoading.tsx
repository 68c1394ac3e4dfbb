import { Spin } from 'antd';

/** Whole-page loading state while the first route loads (the page's only content: its `main`). */
export function PageLoading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <main className="page-loading">
      <div role="status" aria-live="polite">
        <Spin size="large" description={tip} />
      </div>
    </main>
  );
}
