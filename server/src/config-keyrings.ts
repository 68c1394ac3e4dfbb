import { KEY_ID_PATTERN, type Keyring } from './lib/at-rest.ts';

type Env = Record<string, string | undefined>;

/**
 * The keyrings of data at rest. For a purpose with prefix P (PII, STORE_TOKEN):
 * - `P_KEY`: the current key, 64 hex digits (read with the other secrets);
 * - `P_KEY_ID`: its id, carried by every value it seals (letters, digits, `_`, `-`; at most 32); required in
 *   production and not the development id there; the development id outside it. A new key always gets a new id;
 * - `P_OLD_KEYS`: earlier keys that still open the values they sealed, `id:hex` separated by commas or spaces;
 *   drop one only after `npm run keys -- rotate` has re-sealed everything under the current key.
 * A malformed id or old key stops the server everywhere (a keyring half read is a keyring not in force).
 */
export interface KeyringSpec {
  prefix: 'PII' | 'STORE_TOKEN';
  developmentId: string;
}

export const PII_KEYRING: KeyringSpec = { prefix: 'PII', developmentId: 'pii-dev' };
export const STORE_TOKEN_KEYRING: KeyringSpec = { prefix: 'STORE_TOKEN', developmentId: 'store-dev' };

function currentId(env: Env, spec: KeyringSpec, production: boolean, problems: string[]): string {
  const name = `${spec.prefix}_KEY_ID`;
  const value = env[name]?.trim();
  if (!value) {
    if (production)
      problems.push(
        `${name} 未设置：生产环境必须为当前密钥命名 / ${name} is not set: required in production`,
      );
    return spec.developmentId;
  }
  if (production && value.toLowerCase() === spec.developmentId) {
    problems.push(
      `${name} 仍为开发环境的密钥编号 ${spec.developmentId}，请为生产密钥另起编号 / ${name} is the development key id ${spec.developmentId}: name the production key otherwise`,
    );
    return value;
  }
  if (KEY_ID_PATTERN.test(value)) return value;
  problems.push(`${name} 只能包含字母、数字、_ 和 -（至多32个） / ${name} must be 1..32 of A-Z a-z 0-9 _ -`);
  return spec.developmentId;
}

function oldKeys(env: Env, spec: KeyringSpec, current: string, problems: string[]): Record<string, string> {
  const name = `${spec.prefix}_OLD_KEYS`;
  const keys: Record<string, string> = {};
  for (const entry of (env[name] ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [id = '', hex = '', ...rest] = entry.split(':');
    if (!KEY_ID_PATTERN.test(id) || !/^[0-9a-fA-F]{64}$/.test(hex) || rest.length > 0) {
      problems.push(`${name} 的每一项应为 id:64位十六进制 / ${name}: each entry must be id:<64 hex digits>`);
    } else if (id === current || keys[id] !== undefined) {
      problems.push(`${name} 中的密钥编号 ${id} 重复 / ${name}: key id ${id} is used twice`);
    } else {
      keys[id] = hex.toLowerCase();
    }
  }
  return keys;
}

/** The keyring of one purpose; every problem is added to `problems`. */
export function readKeyring(
  env: Env,
  spec: KeyringSpec,
  currentKey: string,
  production: boolean,
  problems: string[],
): Keyring {
  const id = currentId(env, spec, production, problems);
  return { currentId: id, keys: { ...oldKeys(env, spec, id, problems), [id]: currentKey } };
}
