import type { EnumDisplay, TagColour } from '@loan/domain';

/** A tag for each value of an enum: the domain's Chinese label in the colour given here. */
export function coloured<K extends string>(
  labels: Readonly<Record<K, string>>,
  colours: Readonly<Record<K, TagColour>>,
): Readonly<Record<K, EnumDisplay>> {
  const keys = Object.keys(colours) as K[];
  return Object.fromEntries(keys.map((key) => [key, { label: labels[key], colour: colours[key] }])) as Record<
    K,
    EnumDisplay
  >;
}
