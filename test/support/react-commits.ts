// Counting React's work in the production build from a page's init script: a stand-in for React DevTools'
// global hook, which react-dom calls after every commit. Each test says what to count per fiber.
export interface CommitCounter {
  /** The window property the counts are kept in (read them with page.evaluate). */
  global: string;
  /** The counts, all zero at first; `commits` is counted here. */
  counts: Record<string, number>;
  /** Statements run once, when the page starts (variables kept from one commit to the next). */
  setup?: string;
  /** Statements run before each commit's walk (page code, as text). */
  beforeWalk?: string;
  /** Statements run for each fiber `f` of the commit's tree; `rendered` is true when `f` rendered in it. */
  visit: string;
  /** Statements run after each commit's walk. */
  afterWalk?: string;
}

/**
 * The init script. A fiber rendered in a commit when it is not an object of the previous commit's tree (it
 * was cloned) and carries PerformedWork (flag 1), as React DevTools decides. Page code is passed as text:
 * tsx's name-keeping helpers do not exist in the page.
 */
export function commitCounter(c: CommitCounter): string {
  return `(() => {
  const counts = ${JSON.stringify({ ...c.counts, commits: 0 })};
  let previousFibers = new Set();
  window.${c.global} = counts;
  ${c.setup ?? ''}
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      counts.commits++;
      const fibers = new Set();
      ${c.beforeWalk ?? ''}
      const stack = [root.current];
      while (stack.length > 0) {
        const f = stack.pop();
        fibers.add(f);
        const rendered = !previousFibers.has(f) && (f.flags & 1) === 1;
        ${c.visit}
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
      }
      previousFibers = fibers;
      ${c.afterWalk ?? ''}
    },
  };
})()`;
}
