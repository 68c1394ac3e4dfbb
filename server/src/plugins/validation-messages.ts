/**
 * Chinese messages for schema validation failures, naming the field: "loginId 不能为空",
 * "输入的数据不合法：loginId". Errors come from TypeBox (ajv-shaped: keyword, instancePath, params).
 */
export interface SchemaError {
  keyword: string;
  instancePath?: string;
  schemaPath?: string;
  params?: Record<string, unknown>;
}

type Describe = (field: string, params: Record<string, unknown>) => string;

const INVALID: Describe = (field) => `输入的数据不合法：${field}`;

/** Keyword → message; keywords earlier in the table are reported first. */
const MESSAGES: ReadonlyArray<[keyword: string, describe: Describe]> = [
  ['additionalProperties', (field) => `不支持的字段：${field}`],
  ['required', (field) => `${field} 不能为空`],
  [
    'type',
    (field, p) =>
      field === '请求内容' ? '请求内容不能为空' : `${field} 类型不正确，应为${typeName(p.type)}`,
  ],
  [
    'minLength',
    (field, p) => (p.limit === 1 ? `${field} 不能为空` : `${field} 长度不能少于 ${p.limit} 个字符`),
  ],
  ['maxLength', (field, p) => `${field} 长度不能超过 ${p.limit} 个字符`],
  ['pattern', (field) => `${field} 格式不正确`],
  ['enum', (field) => `${field} 取值不正确`],
  ['anyOf', (field) => `${field} 取值不正确`],
  ['minimum', (field, p) => `${field} 不能小于 ${p.limit ?? p.minimum}`],
  ['maximum', (field, p) => `${field} 不能大于 ${p.limit ?? p.maximum}`],
];

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
};

function typeName(type: unknown): string {
  return TYPE_NAMES[String(type)] ?? String(type);
}

function fieldOf(error: SchemaError): string {
  const params = error.params ?? {};
  if (error.keyword === 'required') {
    const missing = params.requiredProperties ?? params.missingProperty;
    return String(Array.isArray(missing) ? missing[0] : missing);
  }
  if (error.keyword === 'additionalProperties') {
    const extra = params.additionalProperties ?? params.additionalProperty;
    return String(Array.isArray(extra) ? extra[0] : extra);
  }
  const path = (error.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return path || '请求内容';
}

function rank(error: SchemaError): number {
  const i = MESSAGES.findIndex(([keyword]) => keyword === error.keyword);
  return i === -1 ? MESSAGES.length : i;
}

/** The one Chinese sentence for a failed validation. */
export function validationMessage(errors: readonly SchemaError[]): string {
  // branch errors of anyOf / false schemas say less than the summary errors
  const useful = errors.filter((e) => e.keyword !== 'boolean' && !e.schemaPath?.includes('/anyOf/'));
  const [first] = [...(useful.length ? useful : errors)].sort((a, b) => rank(a) - rank(b));
  if (!first) return '输入的数据不合法';
  const describe = MESSAGES.find(([keyword]) => keyword === first.keyword)?.[1] ?? INVALID;
  return describe(fieldOf(first), first.params ?? {});
}
