import { OPS_API, type ReportName, shanghaiStamp } from '@loan/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { type OpsFile, opsRoutes } from '../../plugins/ops-routes.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  FeeIncomeQuery,
  FeeIncomeReportSchema,
  PrincipalQuery,
  PrincipalReportSchema,
  ReconciliationQuery,
  ReconciliationReportSchema,
} from '../../schemas/ops-reports.ts';
import { AUDIT, recordOperatorAudit } from '../audit/record.ts';
import { feeIncomeWorkbook, principalWorkbook, reconciliationWorkbook } from './report-export.ts';
import { feeIncomeReport } from './report-fees.ts';
import { principalReport } from './report-principal.ts';
import { reconciliationReport } from './report-reconciliation.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 报表: the reconciliation, fee income and principal, each as JSON and as an xlsx export (audited). */
export function opsReportRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, ['运营后台：报表']);

  /** The export of a report: audited with what it covered, named in Chinese and in ASCII. */
  const exported = async (
    request: FastifyRequest,
    operator: SignedInOperator,
    report: ReportName,
    covers: Record<string, unknown>,
    names: { chinese: string; ascii: string },
    body: Buffer,
  ): Promise<OpsFile> => {
    await recordOperatorAudit(ctx.db, operator, requestMeta(request), AUDIT.opsReportExported, ctx.now(), {
      report,
      ...covers,
    });
    return { type: XLSX, fileName: `${names.chinese}.xlsx`, asciiName: `${names.ascii}.xlsx`, body };
  };

  ops.get(
    OPS_API.reportReconciliation,
    {
      summary: '每日对账：支付网关与我方订单、退款、账本（北京时间自然日）',
      description:
        '当日已支付订单（现金大于 0）、退款成功与账本收款、退款冲回逐笔核对，并与支付网关对账单核对；列出每笔差异及原因。日期格式错误或晚于今天 1001。',
      permission: 'report.read',
      querystring: ReconciliationQuery,
      result: ReconciliationReportSchema,
    },
    (request) => reconciliationReport(ctx, request.query),
  );
  ops.file(
    OPS_API.reportReconciliationExport,
    {
      summary: '导出每日对账（xlsx：汇总与差异明细）',
      description: '参数同每日对账。',
      permission: 'report.read',
      querystring: ReconciliationQuery,
    },
    async (request, operator) => {
      const report = await reconciliationReport(ctx, request.query);
      return exported(
        request,
        operator,
        'reconciliation',
        { date: report.date, mismatches: report.mismatches.length },
        { chinese: `对账-${report.date}`, ascii: `reconciliation-${report.date}` },
        await reconciliationWorkbook(report),
      );
    },
  );

  ops.get(
    OPS_API.reportFeeIncome,
    {
      summary: '服务费收入：按日或按月（北京时间）',
      description:
        '服务费（现金＋优惠券）、优惠券抵扣、实收、退款与净收入。按日最长 366 天、按月最长 24 个月；日期格式错误、开始晚于结束或范围过长 1001。',
      permission: 'report.read',
      querystring: FeeIncomeQuery,
      result: FeeIncomeReportSchema,
    },
    (request) => feeIncomeReport(ctx, request.query),
  );
  ops.file(
    OPS_API.reportFeeIncomeExport,
    {
      summary: '导出服务费收入（xlsx）',
      description: '参数同服务费收入。',
      permission: 'report.read',
      querystring: FeeIncomeQuery,
    },
    async (request, operator) => {
      const report = await feeIncomeReport(ctx, request.query);
      const span = `${report.from}-${report.to}`;
      return exported(
        request,
        operator,
        'fee-income',
        { from: report.from, to: report.to, by: report.by },
        { chinese: `服务费收入-${span}`, ascii: `fee-income-${span}` },
        await feeIncomeWorkbook(report),
      );
    },
  );

  ops.get(
    OPS_API.reportPrincipal,
    {
      summary: '本金余额：按合作机构与产品的放款本金与未还本金（当前）',
      permission: 'report.read',
      querystring: PrincipalQuery,
      result: PrincipalReportSchema,
    },
    () => principalReport(ctx),
  );
  ops.file(
    OPS_API.reportPrincipalExport,
    { summary: '导出本金余额（xlsx）', permission: 'report.read', querystring: PrincipalQuery },
    async (request, operator) => {
      const report = await principalReport(ctx);
      const stamp = shanghaiStamp(new Date(report.asOf));
      return exported(
        request,
        operator,
        'principal',
        { asOf: report.asOf },
        { chinese: `本金余额-${stamp}`, ascii: `principal-${stamp}` },
        await principalWorkbook(report),
      );
    },
  );
}
