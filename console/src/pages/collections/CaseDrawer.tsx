import {
  formatDate,
  formatDateTime,
  HARDSHIP_RELIEF_LABEL,
  OVERDUE_BUCKET_LABEL,
  type Permission,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Drawer,
  Grid,
  Row,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { type CollectionCaseView, collectionCaseQuery } from '../../api/collections';
import { empty } from '../../app/empty';
import { useOpsSession } from '../../app/session';
import { useAct } from '../../app/useAct';
import { money, moneyColumn } from '../reports/report-parts';
import { ActDialog, type CaseAct } from './ActDialog';
import { CaseTimeline, MessageLog } from './CaseTimeline';

type Instalment = CollectionCaseView['instalments'][number];
/** Readable at WCAG AA at 12 px (antd's gold, orange and volcano tags are not). */
const BUCKET_COLOUR = { M1: 'blue', M2: 'purple', M3: 'magenta', 'M3+': 'red' } as const;

/** The bucket of a number of days as a tag (M1 … M3+), or 未逾期. */
export function BucketTag({ bucket }: { bucket: keyof typeof BUCKET_COLOUR | null }) {
  return bucket ? <Tag color={BUCKET_COLOUR[bucket]}>{bucket}</Tag> : <Tag>未逾期</Tag>;
}

/** 催收案件 in a drawer (full width on a phone): the borrower's overdue standing, timeline and messages, the acts. */
export function CaseDrawer({ loginId, onClose }: { loginId: string | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().md === true;
  return (
    <Drawer
      open={loginId !== null}
      onClose={onClose}
      title={loginId ? `催收案件：${loginId}` : ''}
      size={wide ? 960 : '100%'}
      destroyOnHidden
    >
      {loginId && <CaseView loginId={loginId} />}
    </Drawer>
  );
}

function CaseView({ loginId }: { loginId: string }) {
  const query = useQuery(collectionCaseQuery(loginId));
  const permissions = useOpsSession()?.operator.permissions ?? [];
  const can = (p: Permission) => permissions.includes(p);
  const [act, setAct] = useState<CaseAct | null>(null);
  const done = useAct();
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const view: CollectionCaseView = query.data;
  const kase = view.case;
  const overdue = view.overdue.bucket !== null;
  const actButtons: Array<[Exclude<CaseAct['kind'], 'DECIDE'>, string, Permission]> = [
    ['CONTACT', '记录联系', 'collection.work'],
    ['PROMISE', '承诺还款', 'collection.work'],
    ['NOTE', '添加备注', 'collection.work'],
    ['HARDSHIP', '困难申请', 'collection.work'],
    ['NEXT', '下一步行动', 'collection.work'],
    ['ASSIGN', '分派', 'collection.assign'],
  ];
  const workable = overdue || kase !== null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="借款人">
          {view.borrower.name}（{view.borrower.loginId}）
          {view.borrower.companyName ? ` · ${view.borrower.companyName}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="逾期阶段">
          <Space size={4} wrap>
            <BucketTag bucket={view.overdue.bucket} />
            {view.overdue.bucket && OVERDUE_BUCKET_LABEL[view.overdue.bucket]}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="逾期金额（元）">
          <span data-testid="case-overdue">{money(view.overdue.amount)}</span>
          <span style={{ whiteSpace: 'nowrap' }}>（罚息计至 {view.asOf}）</span>
        </Descriptions.Item>
        <Descriptions.Item label="逾期天数">{view.overdue.daysPastDue} 天</Descriptions.Item>
        <Descriptions.Item label="负责人">
          {kase?.assignee ? `${kase.assignee.name}（${kase.assignee.loginId}）` : '未分派'}
        </Descriptions.Item>
        <Descriptions.Item label="下一步行动">
          {kase?.nextAction ? `${formatDate(kase.nextActionDate)} ${kase.nextAction}` : '—'}
        </Descriptions.Item>
        {kase && <Descriptions.Item label="案件建立">{formatDateTime(kase.openedAt)}</Descriptions.Item>}
      </Descriptions>
      {workable ? (
        <Space size={8} wrap role="group" aria-label="催收操作">
          {actButtons
            .filter(([, , permission]) => can(permission))
            .map(([kind, label]) => (
              <Button
                key={kind}
                type={kind === 'CONTACT' ? 'primary' : 'default'}
                onClick={() => setAct({ kind })}
              >
                {label}
              </Button>
            ))}
        </Space>
      ) : (
        <Alert type="info" showIcon title="该借款人目前没有逾期的分期，无需催收" />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        逾期分期
      </Typography.Title>
      <Table<Instalment>
        rowKey={(row) => `${row.loanId}-${row.seq}`}
        size="small"
        pagination={false}
        scroll={{ x: 860 }}
        dataSource={view.instalments}
        locale={{ emptyText: empty('没有逾期的分期') }}
        columns={[
          {
            title: '借款',
            key: 'loan',
            width: 150,
            render: (_: unknown, r) => `${r.bankName} · 第 ${r.seq} 期`,
          },
          { title: '应还日', dataIndex: 'dueDate', width: 110 },
          { title: '逾期天数', dataIndex: 'daysPastDue', width: 90, align: 'right' },
          moneyColumn<Instalment>('本金', 'principal', 120),
          moneyColumn<Instalment>('利息', 'interest', 110),
          moneyColumn<Instalment>('服务费', 'fee', 110),
          moneyColumn<Instalment>('罚息', 'penalty', 110),
          moneyColumn<Instalment>('合计', 'owed', 120),
        ]}
      />
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Typography.Title level={5}>跟进记录</Typography.Title>
          <CaseTimeline
            activities={view.activities}
            onDecide={
              can('collection.assign')
                ? (a) =>
                    setAct({
                      kind: 'DECIDE',
                      activityId: a.id,
                      relief: a.relief ? HARDSHIP_RELIEF_LABEL[a.relief] : '—',
                    })
                : null
            }
          />
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>消息记录</Typography.Title>
          <MessageLog messages={view.messages} />
        </Col>
      </Row>
      <ActDialog
        act={act}
        loginId={view.borrower.loginId}
        asOf={view.asOf}
        overdue={view.overdue.amount}
        current={{
          nextAction: kase?.nextAction ?? null,
          nextActionDate: kase?.nextActionDate ?? null,
          assignee: kase?.assignee?.loginId ?? null,
        }}
        onClose={(message) => {
          setAct(null);
          if (message) void done(async () => {}, message);
        }}
      />
    </Space>
  );
}
