import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { StandaloneFrame } from '../../components/StandaloneFrame';

/** /404 */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
        }
      />
    </StandaloneFrame>
  );
}
