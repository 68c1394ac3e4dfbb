import { type TSchema, Type } from 'typebox';

const RspHeaderSchema = Type.Object(
  {
    rspCode: Type.String({ description: '"0000" 成功；其他见 rspCode 目录 (domain/src/api/rsp-codes.ts)' }),
    rspDesc: Type.String({ description: '中文说明' }),
  },
  { additionalProperties: false },
);

/** `{ response: { rspCode, rspDesc }, result }`: result is null when rspCode is not "0000". */
export function envelope<T extends TSchema>(result: T) {
  return Type.Object(
    { response: RspHeaderSchema, result: Type.Union([result, Type.Null()]) },
    { additionalProperties: false },
  );
}

export const EmptyEnvelope = envelope(Type.Null());
