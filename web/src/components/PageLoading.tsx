import { Spin } from 'antd';

/** Whole-page loading state: while the first route loads, or a page's code arrives. */
export function PageLoading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" description={tip} />
    </div>
  );
}
