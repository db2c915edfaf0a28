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
      // String(n) is already JSON for every finite n; only whole numbers written without an
      // exponent (below 1e21) need ".0" — 1e21 is "1e+21", and "1e+21.0" would not parse.
      const text = String(v.value);
      return `${MARK}${/^-?\d+$/.test(text) ? `${text}.0` : text}`;
    }
    return v;
  });
  return json.replace(/"\\u0000f:([^"]*)"/g, '$1');
}
