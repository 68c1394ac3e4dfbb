import { isLoginId, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { normalizeLoginId } from '../../modules/auth/lockout.ts';
import type { ActingOperator } from '../../modules/ops/requests.ts';
import { grantsOf } from '../../modules/ops/roles.ts';
import { ForbiddenError } from '../../plugins/errors.ts';

/** Thrown for a usage or input problem: printed as is, exit code 1. */
export class CommandError extends Error {}

export interface CommandEnv {
  /** null for commands that do not need the database (direct-link) */
  db: Database | null;
  config: Config;
  print: (line: string) => void;
  now?: () => Date;
  /** the operator the command runs as (`--as`), set by runUserCommand */
  operator?: { id: number; loginId: string } | null;
}

/**
 * The operator a maker-checker command runs as (`--as`, required for these in every environment), with the
 * permissions of their roles as the console would grant them.
 */
export async function actingOperator(env: CommandEnv): Promise<ActingOperator> {
  if (!env.operator)
    throw new CommandError(
      '须以运营人员身份执行：加上 --as <运营人员登录账号> / add --as <operator login id>',
    );
  const { permissions, bankScope } = await grantsOf(database(env), env.operator.id);
  return { id: env.operator.id, loginId: env.operator.loginId, permissions, bankScope };
}

/** A refusal of a service (ApiError, or a missing permission) as the shell prints it: its text and code. */
export function asCommandError(error: unknown): unknown {
  if (error instanceof ApiError || error instanceof ForbiddenError)
    return new CommandError(`${error.rspDesc ?? rspText(error.rspCode)} (${error.rspCode})`);
  return error;
}

/** How an act names who did it: the operator given with --as, else the shell's user. */
export function actorOf(env: CommandEnv): string {
  if (env.operator) return env.operator.loginId;
  return process.env.USER ? `cli:${process.env.USER}` : 'cli';
}

export type Values = Record<string, string | undefined>;

export interface Command {
  needsDb: boolean;
  run(env: CommandEnv, positionals: string[], values: Values): Promise<void>;
}

export function loginIdArg(positionals: string[]): string {
  const raw = positionals[0];
  if (!raw) throw new CommandError('缺少登录账号 / missing <loginId>');
  if (!isLoginId(raw))
    throw new CommandError(`登录账号格式不正确（3–32 位字母、数字、_ . -）/ bad login id: ${raw}`);
  return normalizeLoginId(raw);
}

export async function existingUser(db: Database, loginId: string) {
  const [user] = await db.select().from(users).where(eq(users.loginId, loginId)).limit(1);
  if (!user) throw new CommandError(`用户不存在 / no such user: ${loginId}`);
  return user;
}

export function required(values: Values, name: string): string {
  const value = values[name]?.trim();
  if (!value) throw new CommandError(`缺少 --${name} / missing --${name}`);
  return value;
}

export const clock = (env: CommandEnv) => (env.now ?? (() => new Date()))();

/** The database of a command that needs one. */
export function database(env: CommandEnv): Database {
  if (!env.db) throw new Error('command needs the database');
  return env.db;
}
