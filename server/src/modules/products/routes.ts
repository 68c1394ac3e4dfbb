import { API, ok, shanghaiDate } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { ProductListResultSchema } from '../../schemas/application-results.ts';
import { envelope } from '../../schemas/envelope.ts';
import { listProducts, productCard } from './service.ts';

export function productRoutes(app: App, ctx: AppContext): void {
  app.get(
    `${ctx.config.apiBase}${API.productList}`,
    {
      schema: {
        tags: ['产品'],
        summary: '在售贷款产品（无需登录）',
        description:
          '金额为元（两位小数字符串）；annualisedRateMin/Max 为年化利率（利息与服务费的内部收益率×12）。',
        response: { 200: envelope(ProductListResultSchema) },
      },
    },
    async () => {
      const today = shanghaiDate(ctx.now());
      const items = (await listProducts(ctx.db)).map((p) => productCard(p, today));
      return ok({ items });
    },
  );
}
