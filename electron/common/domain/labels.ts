// A closed set of values named once, with the words the window shows for each: the values are the table's keys.

/** The keys of a label table, in its order, as a non-empty tuple (what `z.enum` and a menu take). */
export const labelKeys = <K extends string>(labels: Readonly<Record<K, string>>): readonly [K, ...K[]] =>
  Object.keys(labels) as [K, ...K[]];
