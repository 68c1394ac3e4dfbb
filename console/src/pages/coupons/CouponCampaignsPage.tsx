import { COUPON_TRIGGER_LABELS, fenToYuan, formatDateTime, formatYuan, yuanToFen } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { couponActs, type TemplateLine, templatesQuery } from '../../api/coupons';
import { empty } from '../../app/empty';
import { useOpsSession } from '../../app/session';
import { useAct } from '../../app/useAct';
import { IssueListDialog } from './IssueListDialog';
import { TemplateDialog } from './TemplateDialog';

/** Yuan text with thousands separators (exact: through fen, never a float). */
const yuan = (text: string) => formatYuan(yuanToFen(text));

/** The sum of the templates' discounts, to the fen. */
export const totalDiscount = (lines: readonly TemplateLine[]) =>
  fenToYuan(lines.reduce((sum, l) => sum + yuanToFen(l.discount), 0));

/**
 * 优惠券活动: the coupon templates and what each cost (issued, used, revoked, the discount its used coupons took
 * off); new and edit, 停用 / 启用, and 按名单发放 (a request a colleague confirms).
 */
export default function CouponCampaignsPage() {
  const templates = useQuery(templatesQuery());
  const session = useOpsSession();
  const run = useAct();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<{ editing: TemplateLine | null } | null>(null);
  const [issuing, setIssuing] = useState<TemplateLine | null>(null);
  const canIssue = session?.operator.permissions.includes('coupon.issue') ?? false;
  const lines = templates.data ?? [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        优惠券活动
      </Typography.Title>
      {templates.isError && <Alert type="error" showIcon title={(templates.error as Error).message} />}
      <Card
        title="优惠券模板"
        extra={
          <Button type="primary" onClick={() => setDialog({ editing: null })}>
            新建模板
          </Button>
        }
      >
        <Table<TemplateLine>
          rowKey="templateId"
          loading={templates.isPending}
          dataSource={lines}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 1280 }}
          locale={{ emptyText: empty('还没有优惠券模板') }}
          columns={[
            {
              title: '名称',
              dataIndex: 'name',
              width: 180,
              render: (name: string, t) => (
                <Space size={4} wrap>
                  <span>{name}</span>
                  {t.trigger && <Tag color="purple">{COUPON_TRIGGER_LABELS[t.trigger]}</Tag>}
                </Space>
              ),
            },
            { title: '规则', dataIndex: 'rule', width: 190 },
            { title: '有效期', dataIndex: 'validityText', width: 150 },
            { title: '适用范围', dataIndex: 'scopeText', width: 150 },
            {
              title: '状态',
              dataIndex: 'active',
              width: 80,
              render: (active: boolean) => (active ? <Tag color="green">启用</Tag> : <Tag>已停用</Tag>),
            },
            { title: '已发放', dataIndex: 'issued', width: 80, align: 'right' },
            { title: '已使用', dataIndex: 'used', width: 80, align: 'right' },
            { title: '已作废', dataIndex: 'revoked', width: 80, align: 'right' },
            {
              title: '已抵扣（元）',
              dataIndex: 'discount',
              width: 120,
              align: 'right',
              render: (v: string) => yuan(v),
            },
            {
              title: '修改时间',
              dataIndex: 'updatedAt',
              width: 160,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: '操作',
              key: 'act',
              width: 240,
              fixed: 'right',
              render: (_: unknown, t) => (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => setDialog({ editing: t })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={t.active ? `停用「${t.name}」？` : `重新启用「${t.name}」？`}
                    description={t.active ? '停用后不再发放（含自动发放），已发的券不受影响' : undefined}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() =>
                      run(() => couponActs.setActive(t.templateId, !t.active), t.active ? '已停用' : '已启用')
                    }
                  >
                    <Button size="small" danger={t.active}>
                      {t.active ? '停用' : '启用'}
                    </Button>
                  </Popconfirm>
                  {canIssue && t.active && (
                    <Button size="small" type="primary" ghost onClick={() => setIssuing(t)}>
                      按名单发放
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
          summary={(shown) =>
            shown.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={8}>
                  合计
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  {yuan(totalDiscount(shown))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={9} colSpan={2} />
              </Table.Summary.Row>
            ) : null
          }
        />
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          已抵扣为该模板发出的券在缴纳服务费时实际抵扣的金额合计；作废或停用不影响已发出的券的记录。
        </Typography.Paragraph>
      </Card>
      <TemplateDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={(done) => {
          setDialog(null);
          if (done) void run(async () => {}, done);
        }}
      />
      <IssueListDialog
        template={issuing}
        onClose={(changed) => {
          setIssuing(null);
          if (changed) void client.invalidateQueries({ queryKey: ['ops'] });
        }}
      />
    </Space>
  );
}
