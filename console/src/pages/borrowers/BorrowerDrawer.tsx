import {
  APPLICATION_STATE_DISPLAY,
  type ApplicationState,
  formatDateTime,
  LOAN_RECORD_STATUS_DISPLAY,
  type LoanStatus,
  REFUND_STATE_DISPLAY,
  type RefundState,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Grid, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type BorrowerProfile, borrowerActs, borrowerQuery, type RevealField } from '../../api/borrowers';
import { empty } from '../../app/empty';
import { useOpsSession } from '../../app/session';
import { useAct } from '../../app/useAct';
import { ReasonModal } from '../refunds/ReasonModal';
import { BorrowerActivity } from './BorrowerActivity';
import { BorrowerCoupons } from './BorrowerCoupons';
import { BorrowerWaivers } from './BorrowerWaivers';
import { CouponDialog } from './CouponDialog';

const FIELD_LABELS: Record<RevealField, string> = {
  phone: '手机号',
  email: '邮箱',
  legalName: '法人姓名',
  idNumber: '身份证号',
  legalPhone: '法人手机号',
};

/** The borrower on one page: masked; 查看完整信息 for a reason (audited); 解除锁定; coupons and 作废. */
export function BorrowerDrawer({ loginId, onClose }: { loginId: string | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().md === true;
  return (
    <Drawer
      open={loginId !== null}
      onClose={onClose}
      title={loginId ? `借款人 ${loginId}` : ''}
      size={wide ? 820 : '100%'}
      destroyOnHidden
    >
      {loginId && <BorrowerView loginId={loginId} />}
    </Drawer>
  );
}

function BorrowerView({ loginId }: { loginId: string }) {
  const profile = useQuery(borrowerQuery(loginId));
  const session = useOpsSession();
  const act = useAct();
  const [revealing, setRevealing] = useState<RevealField | null>(null);
  const [access, setAccess] = useState<'disable' | 'enable' | null>(null);
  const [couponOpen, setCouponOpen] = useState(false);
  const [revealed, setRevealed] = useState<Partial<Record<RevealField, string>>>({});
  const can = (permission: string) => session?.operator.permissions.includes(permission as never) ?? false;
  if (profile.isPending) return <Skeleton active />;
  if (profile.isError) return <Alert type="error" showIcon title={(profile.error as Error).message} />;
  const b: BorrowerProfile = profile.data;
  const shown = (field: RevealField, masked: string | null) => (
    <Space size={4} wrap>
      <span data-testid={`field-${field}`}>{revealed[field] ?? masked ?? '—'}</span>
      {masked && !revealed[field] && can('borrower.reveal-pii') && (
        <Button size="small" type="link" onClick={() => setRevealing(field)}>
          查看完整信息
        </Button>
      )}
    </Space>
  );
  const unlock = () => act(() => borrowerActs.unlock(loginId), '已解除登录锁定');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions title="基本信息" column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="姓名">{b.name}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Space size={4} wrap>
            {b.disabled && <Tag>已停用</Tag>}
            {b.locked && <Tag color="orange">登录已锁定</Tag>}
            {!b.disabled && !b.locked && <Tag color="green">正常</Tag>}
            {b.locked && can('borrower.unlock') && (
              <Button size="small" onClick={unlock}>
                解除锁定
              </Button>
            )}
            {can('borrower.enable') && (
              <Button
                size="small"
                danger={!b.disabled}
                onClick={() => setAccess(b.disabled ? 'enable' : 'disable')}
              >
                {b.disabled ? '申请启用' : '停用'}
              </Button>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="手机号">{shown('phone', b.phone)}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{shown('email', b.email)}</Descriptions.Item>
        <Descriptions.Item label="注册时间">{formatDateTime(b.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="可用优惠券">
          <Space size={4} wrap>
            {b.usableCoupons} 张
            {can('coupon.issue') && (
              <Button size="small" type="link" onClick={() => setCouponOpen(true)}>
                发放优惠券
              </Button>
            )}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {b.certification ? (
        <Descriptions title="企业认证" column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="企业名称">{b.certification.companyName}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{b.certification.uscc}</Descriptions.Item>
          <Descriptions.Item label="法人姓名">
            {shown('legalName', b.certification.legalName)}
          </Descriptions.Item>
          <Descriptions.Item label="身份证号">
            {shown('idNumber', b.certification.idNumber)}
          </Descriptions.Item>
          <Descriptions.Item label="法人手机号">
            {shown('legalPhone', b.certification.legalPhone)}
          </Descriptions.Item>
          <Descriptions.Item label="店铺">
            {b.store ? `${b.store.sellerName}（${b.store.sellerId}）· ${b.store.status}` : '未授权'}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="info" showIcon title="尚未完成企业认证" />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        申请
      </Typography.Title>
      <Table
        rowKey="rowId"
        size="small"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={b.applications}
        locale={{ emptyText: empty('没有申请') }}
        columns={[
          { title: '编号', dataIndex: 'rowId', width: 70 },
          { title: '合作机构', dataIndex: 'bankName' },
          { title: '产品', dataIndex: 'productCode' },
          {
            title: '状态',
            dataIndex: 'state',
            render: (v: ApplicationState) => (
              <Tag color={APPLICATION_STATE_DISPLAY[v]?.colour}>
                {APPLICATION_STATE_DISPLAY[v]?.label ?? v}
              </Tag>
            ),
          },
          {
            title: '金额（元）',
            dataIndex: 'amount',
            align: 'right',
            render: (v: string | null) => v ?? '—',
          },
          { title: '创建时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        借款
      </Typography.Title>
      <Table
        rowKey="loanId"
        size="small"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={b.loans}
        locale={{ emptyText: empty('没有借款') }}
        columns={[
          { title: '合作机构', dataIndex: 'bankName' },
          { title: '本金（元）', dataIndex: 'principal', align: 'right' },
          { title: '未还本金（元）', dataIndex: 'outstandingPrincipal', align: 'right' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: LoanStatus) => (
              <Tag color={LOAN_RECORD_STATUS_DISPLAY[v]?.colour}>
                {LOAN_RECORD_STATUS_DISPLAY[v]?.label ?? v}
              </Tag>
            ),
          },
          { title: '放款时间', dataIndex: 'disbursedAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
      <BorrowerActivity loginId={loginId} />
      {can('fee.waive') && <BorrowerWaivers loginId={loginId} />}
      <Typography.Title level={5} style={{ margin: 0 }}>
        退款
      </Typography.Title>
      <Table
        rowKey="refundNo"
        size="small"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={b.refunds}
        locale={{ emptyText: empty('没有退款申请') }}
        columns={[
          { title: '退款单号', dataIndex: 'refundNo' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: RefundState) => (
              <Tag color={REFUND_STATE_DISPLAY[v]?.colour}>{REFUND_STATE_DISPLAY[v]?.label ?? v}</Tag>
            ),
          },
          { title: '提交时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
      <BorrowerCoupons loginId={loginId} canRevoke={can('coupon.manage')} canIssue={can('coupon.issue')} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        审计记录
      </Typography.Title>
      <Table
        rowKey={(row) => `${row.at}-${row.action}`}
        size="small"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={b.audit}
        locale={{ emptyText: empty('没有记录') }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
          { title: '动作', dataIndex: 'action' },
          { title: '内容', dataIndex: 'summary' },
          { title: '来源地址', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
        ]}
      />
      <CouponDialog
        loginId={loginId}
        open={couponOpen}
        onClose={(done) => {
          setCouponOpen(false);
          if (done) void act(async () => {}, done);
        }}
      />
      <ReasonModal
        title={
          access === 'enable' ? `申请启用 ${loginId}（须另一位同事复核）` : `停用 ${loginId}（立即生效）`
        }
        label="原因（记入审计日志）"
        okText={access === 'enable' ? '提交复核' : '停用'}
        open={access !== null}
        onClose={() => setAccess(null)}
        submit={async (reason) => {
          const enable = access === 'enable';
          await (enable ? borrowerActs.askEnable(loginId, reason) : borrowerActs.disable(loginId, reason));
          await act(async () => {}, enable ? '已提交，等待另一位同事复核后生效' : '已停用，其会话已全部结束');
        }}
      />
      <ReasonModal
        title={`查看完整${revealing ? FIELD_LABELS[revealing] : ''}`}
        label="查看原因（将记入审计日志）"
        okText="查看"
        open={revealing !== null}
        onClose={() => setRevealing(null)}
        submit={async (reason) => {
          if (!revealing) return;
          const { value } = await borrowerActs.reveal(loginId, revealing, reason);
          setRevealed((now) => ({ ...now, [revealing]: value ?? '—' }));
        }}
      />
    </Space>
  );
}
