import { ConfigError, loadConfig } from '../../src/config.ts';

/** The problem lines of a configuration the server refuses, else []. */
export function configProblems(env: Record<string, string | undefined>): readonly string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
