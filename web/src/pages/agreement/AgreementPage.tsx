import { CheckCircleFilled, ClockCircleOutlined, RightOutlined } from '@ant-design/icons';
import { AGREEMENT_KIND_INFO, type AgreementKind, formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { agreementStatusQueryOptions } from '../../api/agreements';
import { pathWithQuery, ROOT_PATH } from '../../app/paths';
import {
  AgreementBody,
  AgreementFrame,
  type AgreementReading,
  readingLabel,
} from '../../components/agreement/agreement-parts';
import { SignGate, useSigning } from '../../components/agreement/agreement-signing';

/** The three documents listed under the general agreement. */
const DOCUMENTS: readonly AgreementKind[] = ['SERVICE', 'INFO', 'RELEASE'];

/** /agreement (open without a session): the user service agreement to tick, and the three documents to sign. */
export default function AgreementPage() {
  return (
    <AgreementFrame kind="GENERAL" title="协议确认" nav>
      {(reading) => <TickBox {...reading} />}
    </AgreementFrame>
  );
}

function TickBox(reading: AgreementReading) {
  const { text, signedIn } = reading;
  const navigate = useNavigate();
  const { here, redirect, left, accept } = useSigning(reading, () => undefined);
  const status = useQuery({ ...agreementStatusQueryOptions(), enabled: signedIn && Boolean(text.readToken) });
  const items = status.data?.items ?? [];
  const allAccepted = status.data?.allAccepted ?? false;

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          《{text.title}》
        </Typography.Title>
        <Tag color="blue">版本 {text.version}</Tag>
      </Flex>
      <AgreementBody body={text.body} label={`${text.title}全文`} />

      <SignGate reading={reading} here={here}>
        <Flex vertical gap={8}>
          <Checkbox
            checked={Boolean(text.acceptedAt)}
            disabled={Boolean(text.acceptedAt) || left > 0 || accept.isPending}
            onChange={(e) => {
              if (e.target.checked) accept.mutate();
            }}
          >
            我已阅读并同意《{text.title}》
          </Checkbox>
          {text.acceptedAt ? (
            <Typography.Text type="secondary">已于 {formatDateTime(text.acceptedAt)} 同意</Typography.Text>
          ) : (
            left > 0 && <Typography.Text type="secondary">{readingLabel(left)}</Typography.Text>
          )}
          {accept.error && <Alert type="error" showIcon title={accept.error} />}
        </Flex>
      </SignGate>

      <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
        申请贷款前还需签署
      </Typography.Title>
      {status.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul className="row-list">
          {DOCUMENTS.map((kind) => {
            const info = AGREEMENT_KIND_INFO[kind];
            const item = items.find((i) => i.kind === kind);
            return (
              <li key={kind}>
                <Flex vertical gap={4}>
                  <Typography.Text strong>{`《${info.title}》`}</Typography.Text>
                  {!signedIn ? (
                    <Typography.Text type="secondary">{info.summary}</Typography.Text>
                  ) : status.isError ? (
                    <Tag style={{ alignSelf: 'flex-start' }}>状态暂不可知</Tag>
                  ) : item?.accepted && item.acceptedAt ? (
                    <Tag icon={<CheckCircleFilled />} color="success" style={{ alignSelf: 'flex-start' }}>
                      已签署 {formatDateTime(item.acceptedAt)}
                    </Tag>
                  ) : (
                    <Tag icon={<ClockCircleOutlined />} color="default" style={{ alignSelf: 'flex-start' }}>
                      未签署
                    </Tag>
                  )}
                </Flex>
                <Link to={pathWithQuery(info.route, { redirect: here })}>
                  {item?.accepted ? '查看' : '阅读并签署'} <RightOutlined />
                </Link>
              </li>
            );
          })}
        </ul>
      )}

      {signedIn && text.readToken && (
        <Flex vertical gap={8}>
          {status.isError ? (
            <Alert
              type="warning"
              showIcon
              title="暂时无法确认各协议的签署情况"
              action={
                <Button size="small" loading={status.isFetching} onClick={() => void status.refetch()}>
                  重新加载
                </Button>
              }
            />
          ) : (
            !allAccepted &&
            !status.isLoading && (
              <Typography.Text type="secondary">请勾选同意并签署以上全部协议后继续</Typography.Text>
            )
          )}
          <Button
            type="primary"
            block
            disabled={!allAccepted}
            onClick={() => navigate(redirect ?? ROOT_PATH)}
          >
            继续
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
