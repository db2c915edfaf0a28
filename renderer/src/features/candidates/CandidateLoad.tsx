// The load of one row's candidate, subscribed by the cell itself (stores/loads.ts): the table's columns
// do not depend on the ledger.loads answer, so its arrival re-renders only the cells whose load changed.
import { Component, type ReactNode } from 'react';
import type { CandidateLoadRow } from '../../../../electron/common/rows';
import type { CandidateRow } from '../../../../electron/common/views';
import { loadOf } from '../../stores/loads';
import { useLoads } from '../../stores/reads';

interface Props {
  row: CandidateRow;
  children: (load: CandidateLoadRow | undefined) => ReactNode;
}

/**
 * A class, so that its subscription is made once, when the cell mounts. A table row recycled while scrolling
 * renders this cell for another person every frame; the store hook made a selector, a bound subscribe
 * function, two effects and three hook records for each of those renders (garbage of the scroll, issue 12).
 * The store is read in render; a new answer re-renders the cell only when its person's load changed.
 */
export class CandidateLoad extends Component<Props> {
  // Named in the minified build too: the e2e test counts this cell's renders through React's commit hook.
  static displayName = 'CandidateLoad';
  private unsubscribe: (() => void) | null = null;
  /** The store's state the last render read (a change between that render and the mount is caught there). */
  private read = useLoads.getState();

  private loadIn(s: ReturnType<typeof useLoads.getState>): CandidateLoadRow | undefined {
    return loadOf(s, this.props.row.runId, this.props.row.authorId);
  }

  override componentDidMount(): void {
    this.unsubscribe = useLoads.subscribe((s, before) => {
      if (this.loadIn(s) !== this.loadIn(before)) this.forceUpdate();
    });
    if (this.loadIn(useLoads.getState()) !== this.loadIn(this.read)) this.forceUpdate();
  }

  override componentWillUnmount(): void {
    this.unsubscribe?.();
  }

  override render(): ReactNode {
    this.read = useLoads.getState();
    return this.props.children(this.loadIn(this.read));
  }
}
