import type { AcceptedAgreement } from '@loan/domain';
import { formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { agreementVersionQueryOptions } from '../../api/agreements';
import { QueryState } from '../QueryState';
import { useSupportText } from '../SupportContact';
import { AgreementBody } from './agreement-parts';

/**
 * 查看协议 of a signed agreement: the version the borrower accepted, as it was (its text and fingerprint), in a
 * dialog, even after a newer version has been published.
 */
export function SignedAgreementViewer({ agreement }: { agreement: AcceptedAgreement }) {
  const [open, setOpen] = useState(false);
  const supportText = useSupportText();
  const text = useQuery({
    ...agreementVersionQueryOptions(agreement.kind, agreement.version),
    enabled: open,
  });
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} style={{ paddingInline: 0 }}>
        查看协议
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        title={`${agreement.title}（版本 ${agreement.version}）`}
        footer={<Button onClick={() => setOpen(false)}>关闭</Button>}
        width={760}
        destroyOnHidden
      >
        <QueryState query={text} rows={8} failed="协议加载失败">
          {(data) => (
            <Flex vertical gap={12}>
              <Alert
                type={data.textHash === agreement.textHash ? 'info' : 'warning'}
                showIcon
                title={
                  data.textHash === agreement.textHash
                    ? `您于 ${formatDateTime(agreement.acceptedAt)} 签署的正是以下文本`
                    : supportText('以下文本与签署时记录的文本指纹不一致，请联系客服')
                }
                description={
                  <Typography.Text type="secondary" copyable={{ text: agreement.textHash }}>
                    文本指纹（SHA-256）{agreement.textHash.slice(0, 16)}…
                  </Typography.Text>
                }
              />
              <AgreementBody body={data.body} label={`${agreement.title}全文`} />
            </Flex>
          )}
        </QueryState>
      </Modal>
    </>
  );
}
