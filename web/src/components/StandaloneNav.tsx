import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { NoticeBell } from '../app/layouts/NoticeBell';
import { UserMenu } from '../app/layouts/UserMenu';
import { LOAN_INFO_PATH } from '../app/paths';
import { useIsPhone } from '../app/useIsPhone';
import { useSession } from '../session/useSession';

/**
 * The slim header's right side on the pages outside the signed-in layout: 返回 (to the page before, or to the
 * loan products when this page was the first one opened) and, signed in, the user menu.
 */
export function StandaloneNav() {
  const navigate = useNavigate();
  const location = useLocation();
  const phone = useIsPhone();
  const signedIn = Boolean(useSession().accessToken);
  const back = () => {
    // the first entry of this visit has the key "default": there is no page of ours to go back to
    if (location.key === 'default') navigate(signedIn ? LOAN_INFO_PATH : '/');
    else navigate(-1);
  };
  return (
    <Flex align="center" gap={8} component="nav" aria-label="页面导航">
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={back}>
        返回
      </Button>
      {signedIn && <NoticeBell />}
      {signedIn && <UserMenu compact={phone} />}
    </Flex>
  );
}
