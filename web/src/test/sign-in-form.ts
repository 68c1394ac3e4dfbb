import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillIn } from './render';

/** Fills the sign-in form (the app's page or the one before the app) and presses 登录; returns the user. */
export async function fillAndSubmitSignIn(loginId: string, password: string) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await fillIn(user, await screen.findByPlaceholderText('请输入登录账号'), loginId);
  await fillIn(user, screen.getByPlaceholderText('请输入密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
  return user;
}
