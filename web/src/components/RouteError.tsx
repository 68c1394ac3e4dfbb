import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page's code could not be loaded (an update, a dropped connection) or a page failed. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  if (error && !isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="standalone-center">
      <Result
        status="error"
        title={status === 404 ? '页面不存在' : '页面加载失败'}
        subTitle="网站可能已更新，或网络不稳定。请刷新页面后重试。"
        extra={[
          <Button type="primary" key="reload" onClick={() => window.location.reload()}>
            刷新页面
          </Button>,
          <Button key="home" href="/">
            返回首页
          </Button>,
        ]}
      />
    </div>
  );
}
