import { CheckCircleFilled } from '@ant-design/icons';
import { AGREEMENT_KIND_INFO, type AgreementKind, type AgreementText, RSP } from '@loan/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { agreementKeys, userReadAgr } from '../../api/agreements';
import { isRspError } from '../../api/errors';
import { userKeys } from '../../api/users';
import { useMessage } from '../../app/feedback';
import { loginPathBack } from '../../app/paths';
import { formatShanghaiMinute } from '../application/ApplicationParts';
import {
  AgreementBody,
  AgreementFrame,
  type AgreementReading,
  readingLabel,
  useAgreementReturn,
  useReadingCountdown,
} from './agreement-parts';

/**
 * One of the three documents (/serviceAgreement, /infoAgreement, /releaseForm): the current version in full,
 * a reading countdown on the accept button, then back to `?redirect=` when it is a same-site path.
 */
export function AgreementDocument({ kind }: { kind: AgreementKind }) {
  return <AgreementFrame kind={kind}>{(reading) => <AgreementReader {...reading} />}</AgreementFrame>;
}

function AgreementReader({ text, startedAt, signedIn }: AgreementReading) {
  const navigate = useNavigate();
  const { here, redirect } = useAgreementReturn();
  const left = useReadingCountdown(text.kind, startedAt);
  const accept = useAcceptAgreement(text, () => {
    if (redirect) navigate(redirect);
  });

  let action: ReactNode;
  if (text.acceptedAt) {
    action = (
      <Flex vertical gap={12}>
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          title={`您已于 ${formatShanghaiMinute(text.acceptedAt)} 同意本协议（版本 ${text.version}）`}
        />
        {redirect && (
          <Button type="primary" onClick={() => navigate(redirect)}>
            继续
          </Button>
        )}
      </Flex>
    );
  } else if (!signedIn) {
    action = (
      <Button type="primary" block onClick={() => navigate(loginPathBack(here))}>
        登录后签署
      </Button>
    );
  } else if (!text.readToken) {
    action = <Alert type="info" showIcon title="请先修改初始密码，再签署协议" />;
  } else {
    action = (
      <Flex vertical gap={12}>
        {accept.error && <Alert type="error" showIcon title={accept.error} />}
        <Button
          type="primary"
          block
          disabled={left > 0}
          loading={accept.isPending}
          onClick={() => accept.mutate()}
        >
          {left > 0 ? readingLabel(left) : '我已阅读并同意'}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center">
        <Tag color="blue">版本 {text.version}</Tag>
        <Typography.Text type="secondary">{AGREEMENT_KIND_INFO[text.kind].summary}</Typography.Text>
      </Flex>
      <AgreementBody body={text.body} label={`${text.title}全文`} />
      {action}
    </Flex>
  );
}

/**
 * Accepting a text: on success the cached text and the user's status are updated; a stale read token or a new
 * version (1001, 3303) loads the text again, with a note to read it again.
 */
export function useAcceptAgreement(text: AgreementText, onAccepted: () => void) {
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
