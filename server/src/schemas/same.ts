/** `Check<Same<A, B>>` fails to compile unless A and B are the same type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Check<T extends true> = T;
