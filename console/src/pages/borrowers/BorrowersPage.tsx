import { formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type BorrowerFound, borrowerSearchQuery } from '../../api/borrowers';
import { empty } from '../../app/empty';
import { useOpsSession } from '../../app/session';
import { useAct } from '../../app/useAct';
import { BorrowerDrawer } from './BorrowerDrawer';
import { CouponDialog } from './CouponDialog';

/** 借款人查询: by login id, phone, e-mail, USCC or company; a row opens the borrower on one page. */
export default function BorrowersPage() {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const found = useQuery(borrowerSearchQuery(q));
  const canIssue = useOpsSession()?.operator.permissions.includes('coupon.issue') ?? false;
  const [bulk, setBulk] = useState(false);
  const act = useAct();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        借款人查询
      </Typography.Title>
      <Input.Search
        aria-label="查找借款人"
        placeholder="登录账号、手机号、邮箱、统一社会信用代码或企业名称"
        enterButton="查询"
        allowClear
        maxLength={64}
        onSearch={(value) => setQ(value.trim())}
        style={{ maxWidth: 560 }}
      />
      {found.isError && <Alert type="error" showIcon title={(found.error as Error).message} />}
      <Table<BorrowerFound>
        rowKey="loginId"
        loading={found.isFetching}
        dataSource={found.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: empty(q ? '没有找到借款人' : '请输入查询条件') }}
        onRow={(row) => ({ onClick: () => setOpen(row.loginId), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: '登录账号',
            dataIndex: 'loginId',
            render: (loginId: string) => (
              <Typography.Link onClick={() => setOpen(loginId)}>{loginId}</Typography.Link>
            ),
          },
          { title: '姓名', dataIndex: 'name', width: 90 },
          { title: '企业', dataIndex: 'companyName', render: (v: string | null) => v ?? '未认证' },
          {
            title: '状态',
            key: 'state',
            width: 150,
            render: (_: unknown, row) => (
              <Space size={4}>
                {row.disabled && <Tag>已停用</Tag>}
                {row.locked && <Tag color="orange">登录已锁定</Tag>}
                {!row.disabled && !row.locked && <Tag color="green">正常</Tag>}
              </Space>
            ),
          },
          { title: '注册时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
        ]}
      />
      {canIssue && (
        <Button onClick={() => setBulk(true)} style={{ alignSelf: 'flex-start' }}>
          批量发放优惠券
        </Button>
      )}
      <BorrowerDrawer loginId={open} onClose={() => setOpen(null)} />
      <CouponDialog
        loginId={null}
        open={bulk}
        onClose={(done) => {
          setBulk(false);
          if (done) void act(async () => {}, done);
        }}
      />
    </Space>
  );
}
