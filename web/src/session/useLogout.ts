import { useQueryClient } from '@tanstack/react-query';

import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { userLogout } from '../api/auth';
import { useMessage } from '../app/feedback';
import { LOGIN_PATH } from '../app/paths';
import { clearSession } from './session';

/** Logout: tell the server (GET /users/userLogout), forget the session here, go to the login page. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useMessage();
  return useCallback(async () => {
    try {
      await userLogout({ silent: true });
    } catch {
      // the session ends in this tab either way
    }
    clearSession();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
    message.success('已退出登录');
  }, [message, navigate, queryClient]);
}
