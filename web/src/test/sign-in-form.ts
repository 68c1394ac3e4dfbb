import type { UserInfo } from '@loan/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fillIn, ok } from './render';

type Reply = ReturnType<typeof ok> | { error: 'network' };

/**
 * A fake API for signing in: `login` answers the sign-in, the user info after it is `info`, the steps check says
 * nothing is left, and every other call (the client config) gets `others`.
 */
export function fakeSignInApi(login: () => Reply, info: UserInfo, others: unknown) {
  return fakeApi((request) => {
    switch (request.url) {
      case '/application_vue/userLogin':
        return login();
      case '/users/getUserInfo':
        return ok(info);
      case '/users/toUserAllCheck':
        return ok({ steps: [], ready: true });
      default:
        return ok(others);
    }
  });
}

/** Fills the sign-in form (the app's page or the one before the app) and presses 登录; returns the user. */
export async function fillAndSubmitSignIn(loginId: string, password: string) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await fillIn(user, await screen.findByPlaceholderText('请输入登录账号'), loginId);
  await fillIn(user, screen.getByPlaceholderText('请输入密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
  return user;
}
