import { Type } from 'typebox';

/** Schema fragments shared by the request and result schemas of several areas. */

/** Objects that refuse unknown properties (requests). */
export const strict = { additionalProperties: false } as const;

export const Yuan = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: '金额（元，两位小数）' });
export const NullableYuan = Type.Union([Yuan, Type.Null()]);
export const NullableString = Type.Union([Type.String(), Type.Null()]);
export const DateTime = Type.String({ format: 'date-time' });
export const NullableDateTime = Type.Union([DateTime, Type.Null()]);
export const DateText = Type.String({ description: '日期 YYYY-MM-DD（北京时间）' });

// dates and cursors are checked by the service so the borrower gets the exact Chinese reason
export const QueryDate = (description: string) => Type.Optional(Type.String({ maxLength: 32, description }));
export const Cursor = Type.Optional(
  Type.String({ maxLength: 256, description: '上一页返回的 nextCursor（不透明），第一页不传' }),
);
export const PageSize = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 100, description: '每页条数 1–100，默认 10' }),
);
/** The cursor and page size of a list query that names its page size `limit`. */
export const PageQuery = { cursor: Cursor, limit: PageSize };
