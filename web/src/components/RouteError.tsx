import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a page's code could not be loaded (an update, a dropped connection) or a page failed. It is part of
 * the first download of every page (it must work when nothing more can load), so it is drawn as antd's error
 * Result by plain elements (styles/standalone.css .route-error) rather than with Result and its illustrations.
 */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  if (error && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="standalone-center">
      <div className="route-error" role="alert">
        <CloseCircleFilled className="route-error-icon" />
        <div className="route-error-title">{status === 404 ? '页面不存在' : '页面加载失败'}</div>
        <div className="route-error-subtitle">网站可能已更新，或网络不稳定。请刷新页面后重试。</div>
        <Flex gap={8} justify="center" className="route-error-extra">
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
          <Button href="/">返回首页</Button>
        </Flex>
      </div>
    </main>
  );
}
