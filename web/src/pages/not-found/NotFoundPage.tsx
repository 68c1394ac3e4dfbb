import { Result } from 'antd';
import { NavButton } from '../../components/NavButton';
import { StandaloneFrame } from '../../components/StandaloneFrame';

/** /404 */
export default function NotFoundPage() {
  return (
    <StandaloneFrame>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={<NavButton to="/">返回首页</NavButton>}
      />
    </StandaloneFrame>
  );
}
