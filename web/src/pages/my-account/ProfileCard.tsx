import {
  type AccountProfile,
  type ContactChannel,
  type EnumDisplay,
  formatAccountNo,
  formatDate,
  type PayoutPointing,
  STORE_AUTH_STATUS_INFO,
  type SubAccountState,
} from '@loan/domain';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RECEIVING_ACCOUNT_PATH } from '../../app/paths';
import { FactGrid } from '../../components/FactList';
import { EnumTag } from '../../components/records/RecordParts';
import { ChangeContactModal } from './ChangeContactModal';

const CERTIFICATION_COLOURS: Readonly<Record<string, EnumDisplay['colour']>> = {
  已认证: 'success',
  部分认证: 'gold',
  未认证: 'default',
};

const SUB_ACCOUNT_COLOURS: Readonly<Record<SubAccountState, EnumDisplay['colour']>> = {
  OPENING: 'processing',
  OPEN: 'success',
  FAILED: 'error',
  CLOSED: 'default',
};

const PAYOUT_COLOURS: Readonly<Record<PayoutPointing, EnumDisplay['colour']>> = {
  POINTED: 'success',
  NOT_POINTED: 'warning',
  CHECKING: 'processing',
  DIVERTED: 'error',
};

function Contact({ value, onChange, label }: { value: string | null; onChange: () => void; label: string }) {
  return (
    <Flex align="center" gap={8} wrap>
      <span>{value ?? '未绑定'}</span>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={onChange} aria-label={label}>
        {value ? '修改' : '绑定'}
      </Button>
    </Flex>
  );
}

function Receiving({ receiving }: { receiving: AccountProfile['receiving'] }) {
  const stateDisplay: EnumDisplay = {
    label: receiving.label,
    colour: receiving.state ? SUB_ACCOUNT_COLOURS[receiving.state] : 'default',
  };
  const opened = receiving.state === 'OPEN';
  return (
    <Flex vertical gap={4} data-testid="receiving-status">
      <Flex align="center" gap={8} wrap>
        <EnumTag display={stateDisplay} />
        {receiving.bankName && <span>{receiving.bankName}</span>}
        {receiving.accountNoMasked && (
          <span style={{ whiteSpace: 'nowrap' }}>{formatAccountNo(receiving.accountNoMasked)}</span>
        )}
      </Flex>
      {opened && (
        <Flex align="center" gap={8} wrap>
          <Typography.Text type="secondary">店铺回款</Typography.Text>
          <EnumTag display={{ label: receiving.payoutLabel, colour: PAYOUT_COLOURS[receiving.payout] }} />
        </Flex>
      )}
      <Link to={RECEIVING_ACCOUNT_PATH}>{receiving.state === null ? '去开立收款账户' : '管理收款账户'}</Link>
    </Flex>
  );
}

/** Profile: who the borrower is, their contacts (changed with a code), company, store and receiving account. */
export function ProfileCard({ profile, onChanged }: { profile: AccountProfile; onChanged: () => void }) {
  const [changing, setChanging] = useState<ContactChannel | null>(null);
  const store = STORE_AUTH_STATUS_INFO[profile.storeStatus];
  const diverted = profile.receiving.payout === 'DIVERTED';
  return (
    <Card variant="borderless" title="个人资料">
      {diverted && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="收款账户异常：店铺回款未指向收款子账户"
          description="贷款未结清期间，店铺回款须持续进入收款子账户。请按收款账户页面的步骤重新指向，并点击重新核实。"
          action={
            <Link to={RECEIVING_ACCOUNT_PATH}>
              <Button size="small" danger>
                去处理
              </Button>
            </Link>
          }
        />
      )}
      <FactGrid
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'name', label: '姓名', children: profile.userNameCn || '—' },
          { key: 'loginId', label: '登录账号', children: profile.loginId },
          {
            key: 'phone',
            label: '手机号',
            children: (
              <Contact value={profile.phoneMasked} label="修改手机号" onChange={() => setChanging('sms')} />
            ),
          },
          {
            key: 'email',
            label: '邮箱',
            children: (
              <Contact value={profile.emailMasked} label="修改邮箱" onChange={() => setChanging('email')} />
            ),
          },
          { key: 'company', label: '企业名称', children: profile.companyName ?? '—' },
          {
            key: 'certification',
            label: '企业认证',
            children: (
              <EnumTag
                display={{
                  label: profile.certificationLabel,
                  colour: CERTIFICATION_COLOURS[profile.certificationLabel] ?? 'default',
                }}
              />
            ),
          },
          {
            key: 'store',
            label: '店铺授权',
            children: (
              <Flex align="center" gap={8} wrap>
                <EnumTag display={{ label: profile.storeStatusLabel || store.label, colour: store.colour }} />
                {profile.storeExpiresAt && (
                  <Typography.Text type="secondary">
                    有效期至 {formatDate(profile.storeExpiresAt)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { key: 'receiving', label: '收款账户', children: <Receiving receiving={profile.receiving} /> },
        ]}
      />
      {changing && (
        <ChangeContactModal
          channel={changing}
          current={changing === 'sms' ? profile.phoneMasked : profile.emailMasked}
          onClose={() => setChanging(null)}
          onChanged={onChanged}
        />
      )}
    </Card>
  );
}
