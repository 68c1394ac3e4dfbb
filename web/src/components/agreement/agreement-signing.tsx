import { type AgreementText, RSP } from '@loan/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { agreementKeys, userReadAgr } from '../../api/agreements';
import { isRspError } from '../../api/errors';
import { userKeys } from '../../api/users';
import { useMessage } from '../../app/feedback';
import { loginPathBack } from '../../app/paths';
import { type AgreementReading, useAgreementReturn, useReadingCountdown } from './agreement-parts';

/** Signing a text as served: where the page is and goes on to, the reading countdown, and the acceptance. */
export function useSigning(
  { text, startedAt }: AgreementReading,
  onAccepted: (redirect: string | null) => void,
) {
  const { here, redirect } = useAgreementReturn();
  const left = useReadingCountdown(text.kind, startedAt);
  const accept = useAcceptAgreement(text, () => onAccepted(redirect));
  return { here, redirect, left, accept };
}

/**
 * Only a session that no longer has its initial password signs: before that, the way to sign in (and back to
 * `here`) or the note to change the password; then `children`.
 */
export function SignGate({
  reading,
  here,
  children,
}: {
  reading: AgreementReading;
  here: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  if (!reading.signedIn)
    return (
      <Button type="primary" block onClick={() => navigate(loginPathBack(here))}>
        登录后签署
      </Button>
    );
  if (!reading.text.readToken) return <Alert type="info" showIcon title="请先修改初始密码，再签署协议" />;
  return <>{children}</>;
}

/**
 * Accepting a text: on success the cached text and the user's status are updated; a stale read token or a new
 * version (1001, 3303) loads the text again, with a note to read it again.
 */
function useAcceptAgreement(text: AgreementText, onAccepted: () => void) {
  const queryClient = useQueryClient();
  const message = useMessage();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => userReadAgr(text, { silent: true }),
    onMutate: () => setError(null),
    onSuccess: (result) => {
      queryClient.setQueryData<AgreementText>(agreementKeys.text(text.kind, true), (old) =>
        old ? { ...old, acceptedAt: result.acceptedAt } : old,
      );
      void queryClient.invalidateQueries({ queryKey: agreementKeys.status });
      void queryClient.invalidateQueries({ queryKey: userKeys.allCheck });
      message.success(`已同意《${text.title}》`);
      onAccepted();
    },
    onError: (e) => {
      setError(isRspError(e) ? e.desc : '提交失败，请稍后重试');
      if (isRspError(e) && (e.code === RSP.AGREEMENT_VERSION_OUTDATED || e.code === RSP.INVALID_INPUT)) {
        void queryClient.refetchQueries({ queryKey: agreementKeys.text(text.kind, true) });
      }
    },
  });
  return { ...mutation, error };
}
