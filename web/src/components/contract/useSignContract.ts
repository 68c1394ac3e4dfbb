import { type LoanContractView, RSP } from '@loan/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useState } from 'react';
import { loanContractQueryOptions, signContract } from '../../api/applications';
import { isApiError, isRspError } from '../../api/errors';
import { useMessage } from '../../app/feedback';

/**
 * Signing the contract as served (its hash and read token). The refusal is kept for the page to show by the
 * button: a changed text (3406) or a passed deadline (3404) loads the contract again, so the reader sees the
 * new text with its own reading time, or why it can no longer be signed.
 */
export function useSignContract(contract: LoanContractView, onChanged: () => void) {
  const queryClient = useQueryClient();
  const message = useMessage();
  const [error, setError] = useState<string | null>(null);
  const { queryKey } = loanContractQueryOptions(contract.rowId);
  const mutation = useMutation({
    mutationFn: () =>
      signContract(
        { rowId: contract.rowId, textHash: contract.textHash, readToken: contract.readToken },
        { silent: true },
      ),
    onMutate: () => setError(null),
    onSuccess: () => {
      message.success('借款合同已签署');
      void queryClient.refetchQueries({ queryKey });
      onChanged();
    },
    onError: (e) => {
      setError(isApiError(e) ? e.desc : '签署失败，请稍后重试');
      if (isRspError(e) && (e.code === RSP.CONTRACT_CHANGED || e.code === RSP.SIGN_DEADLINE_PASSED)) {
        void queryClient.refetchQueries({ queryKey });
      }
      if (isRspError(e) && e.code === RSP.SIGN_DEADLINE_PASSED) onChanged();
    },
  });
  return { ...mutation, error };
}
