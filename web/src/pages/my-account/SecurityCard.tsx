import type { SecurityView, SignInMethod, SignInView } from '@loan/domain';
import { formatDateTime } from '@loan/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { accountKeys, accountSecurityQueryOptions, signOutOthers } from '../../api/account';
import { isApiError } from '../../api/errors';
import { useMessage } from '../../app/feedback';
import { SECURITY_ANCHOR } from '../../app/paths';
import { DRAWN_AFTER_PAGE_CALLS } from '../../app/route-data';
import { LoadError } from '../../components/LoadError';
import { ListRow } from './ListRow';

const METHOD_COLOURS: Readonly<Record<SignInMethod, string>> = {
  PASSWORD: 'blue',
  SMS: 'cyan',
  PARTNER_LINK: 'purple',
};

function PasswordAge({ security }: { security: SecurityView }) {
  const age = security.pwdAgeDays;
  const changed = security.pwdTime
    ? `${formatDateTime(security.pwdTime)}${age === null ? '' : age === 0 ? '（今天）' : `（${age} 天前）`}`
    : '从未修改';
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <span>
          <Typography.Text type="secondary">密码最近修改：</Typography.Text>
          <span data-testid="pwd-time">{changed}</span>
        </span>
        <Link to="/account/reset">修改密码</Link>
      </Flex>
      {security.pwdNudge && (
        <Alert
          type="warning"
          showIcon
          title="您的密码已超过 90 天未修改，建议尽快修改密码以保障账户安全"
          action={
            <Link to="/account/reset">
              <Button size="small">去修改</Button>
            </Link>
          }
        />
      )}
    </Flex>
  );
}

function SignInRow({ signIn }: { signIn: SignInView }) {
  return (
    <ListRow component="li">
      <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <span>{formatDateTime(signIn.at)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {signIn.device || '未知设备'} · IP {signIn.ip ?? '—'}
        </Typography.Text>
      </Flex>
      <Flex gap={4} wrap>
        {signIn.current && (
          <Tag color="green" data-testid="current-device">
            当前设备
          </Tag>
        )}
        <Tag color={METHOD_COLOURS[signIn.method]}>{signIn.methodLabel}</Tag>
      </Flex>
    </ListRow>
  );
}

/** Security: password age (with a nudge after 90 days), the last sign-ins, sign out every other session. */
export function SecurityCard() {
  const security = useQuery({ ...accountSecurityQueryOptions(), ...DRAWN_AFTER_PAGE_CALLS });
  const queryClient = useQueryClient();
  const { hash } = useLocation();
  const drawn = !security.isPending;
  // opened as /account/myAccount#security (a security notice's link): this card comes into view once drawn
  useEffect(() => {
    if (drawn && hash === `#${SECURITY_ANCHOR}`) document.getElementById(SECURITY_ANCHOR)?.scrollIntoView();
  }, [drawn, hash]);
  const message = useMessage();
  const others = useMutation({
    mutationFn: () => signOutOthers({ silent: true }),
    onSuccess: ({ revoked }) => {
      message.success(revoked > 0 ? `已退出其他 ${revoked} 个设备的登录` : '没有其他设备在登录');
      void queryClient.invalidateQueries({ queryKey: accountKeys.security });
    },
    onError: (e) => message.error(isApiError(e) ? e.desc : '操作失败，请稍后重试'),
  });

  let body: React.ReactNode;
  if (security.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (security.isError) body = <LoadError query={security} failed={'安全信息加载失败'} />;
  else {
    const view = security.data;
    body = (
      <Flex vertical gap={16}>
        <PasswordAge security={view} />
        <div>
          <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 4 }}>
            <Typography.Text strong>最近登录</Typography.Text>
            <Popconfirm
              title="退出其他设备"
              description={`将退出其他 ${view.otherSessions} 个设备上的登录，当前设备不受影响。`}
              okText="确认退出"
              cancelText="取消"
              onConfirm={() => others.mutateAsync().catch(() => undefined)}
              disabled={view.otherSessions === 0}
            >
              <Button size="small" danger disabled={view.otherSessions === 0} loading={others.isPending}>
                退出其他设备{view.otherSessions > 0 ? `（${view.otherSessions}）` : ''}
              </Button>
            </Popconfirm>
          </Flex>
          {view.signIns.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无登录记录" />
          ) : (
            <ul aria-label="最近登录" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {view.signIns.map((signIn) => (
                <SignInRow key={`${signIn.at}-${signIn.method}-${signIn.ip ?? ''}`} signIn={signIn} />
              ))}
            </ul>
          )}
        </div>
      </Flex>
    );
  }
  return (
    <Card variant="borderless" title="账户安全" id={SECURITY_ANCHOR}>
      {body}
    </Card>
  );
}
