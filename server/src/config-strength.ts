/**
 * How much a secret varies: a key that is long enough but made of a handful of characters, or of one short
 * piece repeated, is guessed long before its length suggests. Production refuses such a secret
 * (config-production.ts). The estimate is Shannon's: the entropy per character of the secret's own character
 * frequencies; a randomly generated hex key has about 3.7–3.9 bits, random text more.
 */

/** Fewer distinct characters than this is too little variety. */
export const MIN_DISTINCT_CHARACTERS = 10;
/** Less estimated entropy per character than this is too little variety. */
export const MIN_BITS_PER_CHARACTER = 3;

/** Shannon entropy per character of the text's own character frequencies, in bits. */
export function bitsPerCharacter(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  const length = [...text].length;
  let bits = 0;
  for (const n of counts.values()) bits -= (n / length) * Math.log2(n / length);
  return bits;
}

/** The shortest piece the text is a repetition of (two times or more), else null. */
export function repeatedUnit(text: string): string | null {
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size !== 0) continue;
    const unit = text.slice(0, size);
    if (unit.repeat(text.length / size) === text) return unit;
  }
  return null;
}

/** Why a secret is too weak, as a Chinese and an English phrase, or null when it varies enough. */
export function weakness(secret: string): { zh: string; en: string } | null {
  const text = secret.toLowerCase();
  const unit = repeatedUnit(text);
  if (unit !== null) {
    return { zh: `由「${unit}」重复组成`, en: `it repeats "${unit}"` };
  }
  const distinct = new Set(text).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) {
    return {
      zh: `只有 ${distinct} 种字符（至少 ${MIN_DISTINCT_CHARACTERS} 种）`,
      en: `only ${distinct} distinct characters (at least ${MIN_DISTINCT_CHARACTERS})`,
    };
  }
  const bits = bitsPerCharacter(text);
  if (bits < MIN_BITS_PER_CHARACTER) {
    return {
      zh: `每个字符的熵约 ${bits.toFixed(1)} 位（至少 ${MIN_BITS_PER_CHARACTER} 位）`,
      en: `about ${bits.toFixed(1)} bits of entropy per character (at least ${MIN_BITS_PER_CHARACTER})`,
    };
  }
  return null;
}
