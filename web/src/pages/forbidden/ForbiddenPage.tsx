import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH } from '../../app/paths';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { SupportText } from '../../components/SupportContact';
import { useLogout } from '../../session/useLogout';
import { useSession } from '../../session/useSession';

/** /403: a signed-in user with no page permissions who never changed the initial password. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const session = useSession();
  return (
    <StandaloneFrame>
      <Result
        status="403"
        title="无权访问"
        subTitle={
          <>
            您的账号尚未开通任何页面权限，且初始密码尚未修改，暂时无法访问该页面。
            <br />
            <SupportText text="请先修改初始密码；如修改后仍无法访问，请联系客服为您开通权限。" />
          </>
        }
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={() => navigate(CHANGE_PASSWORD_PATH)}>
              修改密码
            </Button>
            {session.accessToken ? (
              <Button onClick={() => void logout()}>退出登录</Button>
            ) : (
              <Button onClick={() => navigate(LOGIN_PATH)}>去登录</Button>
            )}
          </Space>
        }
      />
    </StandaloneFrame>
  );
}
