import type { LoginResult } from '@loan/domain';
import { useQueryClient } from '@tanstack/react-query';

import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useMessage } from '../app/feedback';
import { UI_TEXTS } from '../app/ui-defaults';
import { completeSignIn, destinationAfterSignIn } from './sign-in';

/**
 * Finishes a sign-in of any kind: session record, then the password change (with a notice) when the initial
 * password was never changed, else `redirect` or the fallback page.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useMessage();

  return useCallback(
    async (login: LoginResult, redirect: string | null, fallback?: string) => {
      queryClient.clear();
      const signedIn = await completeSignIn(login);
      const destination = destinationAfterSignIn(signedIn, redirect, fallback);
      if (destination.mustChangePassword) message.info(UI_TEXTS.mustChangePassword);
      navigate(destination.to, { replace: true });
    },
    [message, navigate, queryClient],
  );
}
