import type { Static, TSchema } from 'typebox';

/** true when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** For each [schema, domain contract] pair: whether the schema's static type is the contract. */
export type SameEach<T extends readonly (readonly [TSchema, unknown])[]> = {
  -readonly [K in keyof T]: T[K] extends readonly [infer S extends TSchema, infer C]
    ? Same<Static<S>, C>
    : false;
};

/**
 * `CheckAll<SameEach<[[typeof Schema, Contract], …]>>` fails to compile unless every schema matches its contract;
 * the error shows `false` at the pair that drifted.
 */
export type CheckAll<T extends readonly true[]> = T;
