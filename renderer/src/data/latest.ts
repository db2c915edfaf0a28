/**
 * Keeps only the answer to the latest request of a loader: a slow answer for older filters, another run or
 * another workspace is dropped. `const isLatest = requests.begin()` before asking, `if (isLatest())` before
 * keeping the answer; `drop()` makes every answer on its way old (a reset).
 */
export function latestOnly(): { begin(): () => boolean; drop(): void } {
  let n = 0;
  return {
    begin() {
      const mine = ++n;
      return () => mine === n;
    },
    drop() {
      n++;
    },
  };
}
