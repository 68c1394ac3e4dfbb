import { type LoanCertificationResult, type LoanCertificationView, RSP } from '@loan/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { certificationKeys, certificationQueryOptions } from '../../api/certification';
import { isRspError } from '../../api/errors';
import { useMessage } from '../../app/feedback';

/** The borrower's certification (masked), shared by the full form and the card and document steps. */
export function useCertification() {
  return useQuery(certificationQueryOptions());
}

/** Which field a refusal of the server belongs to. */
const FIELD_OF_CODE: Partial<Record<string, string>> = {
  [RSP.INVALID_USCC]: 'uscc',
  [RSP.INVALID_ID_NUMBER]: 'idNumber',
  [RSP.INVALID_PHONE]: 'legalPhone',
  [RSP.INVALID_BANK_CARD]: 'bankCardNo',
  [RSP.DOCUMENT_MISSING]: 'salesDocId',
};

/**
 * Saving (all or part of) the certification: the cached certification takes the answer; the answer's remarks
 * belong to this form alone (`warnings`, shown in it, cleared by its next submit); a refusal goes next to its
 * field when the form has it, otherwise into `error` for an alert above the form.
 */
export function useSaveCertification<Input>({
  save,
  form,
  fields,
  onSaved,
}: {
  save: (input: Input) => Promise<LoanCertificationView>;
  // biome-ignore lint/suspicious/noExplicitAny: any form of the certification's fields
  form: FormInstance<any>;
  /** the fields this form shows */
  fields: readonly string[];
  onSaved?: (view: LoanCertificationView) => void;
}) {
  const queryClient = useQueryClient();
  const message = useMessage();
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  const mutation = useMutation({
    mutationFn: save,
    onMutate: () => {
      setError(null);
      setWarnings([]);
    },
    onSuccess: (view) => {
      queryClient.setQueryData<LoanCertificationResult>(certificationKeys.certification, {
        certification: { ...view, warnings: [] },
      });
      message.success('认证信息已保存');
      setWarnings(view.warnings);
      onSaved?.(view);
    },
    onError: (e) => {
      const field = isRspError(e) ? FIELD_OF_CODE[e.code] : undefined;
      if (isRspError(e) && field && fields.includes(field))
        form.setFields([{ name: field, errors: [e.desc] }]);
      else setError(isRspError(e) ? e.desc : '保存失败，请稍后重试');
    },
  });
  return { mutation, error, warnings };
}
