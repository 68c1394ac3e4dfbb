import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  StatementListQuerystring,
  StatementPageSchema,
  StatementPdfQuerystring,
} from '../../schemas/statements.ts';
import { statementPdfFile } from './file.ts';
import { statementList } from './list.ts';

const TAGS = ['月度对账单'];

export function statementRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);

  signedIn.get(
    API.statementList,
    {
      summary: '我的月度对账单：每月 1 日生成上一个月的对账单，最新月份在前',
      description:
        '每项含期初与期末借款余额（全部贷款未还本金合计）、本月放款、还款（本金/利息/罚息/随期服务费）、缴纳与退回的服务费、优惠券抵扣、下一还款日与金额。按 nextCursor 翻页（不透明，仅本人有效）；游标或条数不合法返回 1001。',
      querystring: StatementListQuerystring,
      result: StatementPageSchema,
    },
    (request, user) => statementList(ctx.db, user, request.query),
  );

  signedIn.file(
    API.statementPdf,
    {
      summary: '月度对账单（PDF）',
      description:
        '本人的一份月度对账单：借款余额及其含义、本月各项金额、下一还款、印章与验证码。成功时直接返回 PDF 文件；不存在或他人的对账单 4301（JSON 信封）。',
      querystring: StatementPdfQuerystring,
    },
    (request, user) => statementPdfFile(ctx, user, request.query.id),
  );
}
