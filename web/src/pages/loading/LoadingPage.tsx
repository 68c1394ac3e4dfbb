import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { safeRedirect } from '../../session/sign-in';

/** /loading?redirect=/path: a waypoint that moves on to a page of this site; nothing else. */
export default function LoadingPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(searchParams.get('redirect'));

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <StandaloneFrame>
      {target ? (
        <div className="standalone-center" role="status">
          <Spin size="large" />
          <p className="muted">正在跳转，请稍候…</p>
        </div>
      ) : (
        <Result
          status="info"
          title="正在跳转"
          subTitle="没有需要跳转的页面，请返回首页继续操作。"
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              返回首页
            </Button>
          }
        />
      )}
    </StandaloneFrame>
  );
}
