import type { FormRule } from 'antd';

/** A field's rule from a check that says why its value cannot be sent, or null: that reason is the field's error. */
export const problemRule = (problemOf: (value: string | undefined) => string | null): FormRule => ({
  validator: async (_, value: string | undefined) => {
    const why = problemOf(value);
    if (why) throw new Error(why);
  },
});
