import { CheckCircleFilled } from '@ant-design/icons';
import { AGREEMENT_KIND_INFO, type AgreementKind, formatDateTime } from '@loan/domain';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AgreementBody, AgreementFrame, type AgreementReading, readingLabel } from './agreement-parts';
import { SignGate, useSigning } from './agreement-signing';

/**
 * One of the three documents (/serviceAgreement, /infoAgreement, /releaseForm): the current version in full,
 * a reading countdown on the accept button, then back to `?redirect=` when it is a same-site path.
 */
export function AgreementDocument({ kind }: { kind: AgreementKind }) {
  return <AgreementFrame kind={kind}>{(reading) => <AgreementReader {...reading} />}</AgreementFrame>;
}

function AgreementReader(reading: AgreementReading) {
  const { text } = reading;
  const navigate = useNavigate();
  const { here, redirect, left, accept } = useSigning(reading, (next) => {
    if (next) navigate(next);
  });

  let action: ReactNode;
  if (text.acceptedAt) {
    action = (
      <Flex vertical gap={12}>
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          title={`您已于 ${formatDateTime(text.acceptedAt)} 同意本协议（版本 ${text.version}）`}
        />
        {redirect && (
          <Button type="primary" onClick={() => navigate(redirect)}>
            继续
          </Button>
        )}
      </Flex>
    );
  } else {
    action = (
      <SignGate reading={reading} here={here}>
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
      </SignGate>
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
