// JSON on the wire. Floats stay floats: a Float(3) is written as 3.0, as the service does for
// score, boost_multiplier and number custom fields ("value returned on read: float").

export class Float {
  constructor(readonly value: number) {}
}

const MARK = '\u0000f:';

export function stringify(value: unknown): string {
  const json = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Float) {
      if (!Number.isFinite(v.value)) return null;
      return Number.isInteger(v.value) ? `${MARK}${v.value}.0` : `${MARK}${v.value}`;
    }
    return v;
  });
  return json.replace(/"\\u0000f:([^"]*)"/g, '$1');
}
