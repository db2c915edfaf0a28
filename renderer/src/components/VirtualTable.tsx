// A table that renders only the rows in view (fixed row height; their elements recycled), so 10,000 candidates scroll
// smoothly. Callers pass stable columns (useMemo): a new column list re-renders every row. Rows are real table rows
// with ARIA row indexes; arrow keys move the focus.
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { whenIdle } from './idle';

export interface Column<T> {
  key: string;
  label: string;
  width: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
}

interface Props<T> {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowClass?: (row: T) => string;
  rowHeight?: number;
  sort?: { key: string; dir: 'asc' | 'desc' } | null;
  onSort?: (key: string) => void;
  onActivate?: (row: T) => void;
  empty?: ReactNode;
}

/**
 * Rows are keyed by their slot in the window (index modulo the window's size), not by their own key: a
 * row scrolled out hands its DOM to the row scrolled in, whose cells are updated in place. Creating
 * and removing the rows' elements (and their styles) was most of a scroll frame's work. The key does
 * not change with focus (a remount between mousedown and click would swallow the click); a recycled
 * row lets go of DOM focus instead (see the layout effect in VirtualTable).
 */
const slotKey = (index: number, slots: number) => index % slots;

/**
 * The indexes first..last-1 in the order of their slots, which is the order of the rows' elements in the
 * DOM: a row scrolled in takes over the element of the row scrolled out where that element stands. In
 * row order, React would move the recycled element to the other end of the list (a DOM removal and
 * insertion), after which Blink builds the row's style, layout and paint again from nothing. Rows are
 * placed on screen by their transform, and each tells assistive technology its place (aria-rowindex).
 */
function inSlotOrder(first: number, last: number, slots: number): number[] {
  const bySlot: number[] = [];
  for (let i = first; i < last; i++) bySlot[slotKey(i, slots)] = i;
  return bySlot.filter((i) => i !== undefined);
}

/**
 * The height each table (by its label) measured last: a table shown again starts from it, not from a guess
 * whose extra rows the first measure removes in the same frame (a second style and layout pass).
 */
const lastHeight = new Map<string, number>();

/** The row an event happened in, by its place (aria-rowindex), or undefined outside the body's rows. */
function rowIndexOf(target: EventTarget): number | undefined {
  const row = (target as Element).closest?.('.vbody [role="row"]');
  return row ? Number(row.getAttribute('aria-rowindex')) - 2 : undefined;
}

/**
 * The element last rendered for a slot and what it was made from. A scroll frame re-renders the table for
 * its new window; a slot whose row, place and focus stayed gives React the same element object, which
 * React skips without a render or a memo comparison (only the rows scrolled in are rendered). New elements
 * and props for every row in the window, each frame, were garbage for the scroll's major GCs.
 */
interface SlotElement<T> {
  row: T;
  index: number;
  focused: boolean;
  rowClass: ((row: T) => string) | undefined;
  layout: Layout<T>;
  element: ReactElement;
}

/**
 * What every row of a table shares: its columns, each column's cell class and width (the grid template), and the
 * row height. One object a column list and row height (memoized), so a row compares it once, not field by field.
 */
interface Layout<T> {
  columns: Column<T>[];
  /** Each column's cell class, computed once per column list (not a new string per cell rendered). */
  cellClasses: string[];
  template: string;
  height: number;
}

/**
 * A table's body height before it is first measured: the window's height less the bars a view keeps above and below
 * its table (heading line, toolbar, overview line, header row, status bar: ~200 px). A fixed guess (600 px) left the
 * bottom rows of a 1920×1080 window empty in the first frame once rows were 36 px; a guess from the window fills it.
 */
const firstGuess = () => Math.max(240, (typeof window === 'undefined' ? 800 : window.innerHeight) - 200);

/** Rows rendered beyond each edge: a quarter of the viewport (at least 2), enough for a fast wheel step. */
const overscanFor = (visible: number) => Math.max(2, Math.ceil(visible / 4));

export function VirtualTable<T>({ label, columns, rows, rowClass, rowHeight = 36, sort, onSort, onActivate, empty }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // The first row in view, not the pixel offset: scrolling within a row re-renders nothing.
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(() => lastHeight.get(label) ?? firstGuess());
  const [focus, setFocus] = useState(0);
  // A table just shown paints the rows in view first; the rows beyond its edges (the overscan) come once
  // the window is idle, or with the first scroll, whichever is sooner: they are no part of what the editor
  // sees first (at 1400×900, 4 rows of 17: ~4 ms of opening a manuscript's table, issue 12). A table never
  // measured renders them at once: its height is a guess, and the overscan covers a guess that is short.
  const [warm, setWarm] = useState(() => !lastHeight.has(label));
  useEffect(() => (warm ? undefined : whenIdle(() => setWarm(true), 200)), [warm]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Measured by the observer, which runs after layout: reading clientHeight here, right after the
    // table mounted, would force a layout of the whole new view before the rows are even in it.
    const ro = new ResizeObserver(() => {
      lastHeight.set(label, el.clientHeight);
      setHeight(el.clientHeight);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [label]);

  const visible = Math.ceil(height / rowHeight) + 1;
  const overscan = overscanFor(visible);
  // Exactly as many slots as the window's rows once the table is scrolled (at the bottom its overscan is
  // all above): rows scrolled in take the slots the rows scrolled out left, so no row is mounted or
  // unmounted while scrolling. At the top the window has no rows above, and the view opens with fewer.
  const slots = visible + 2 * overscan;
  const first = Math.max(0, Math.min(top - (warm ? overscan : 0), rows.length - slots));
  const last = Math.min(rows.length, top + visible + (warm ? overscan : 0), first + slots);
  const layout = useMemo(
    (): Layout<T> => ({
      columns,
      cellClasses: columns.map((c) => `vcell ${c.align ?? ''}`),
      template: columns.map((c) => c.width).join(' '),
      height: rowHeight,
    }),
    [columns, rowHeight],
  );
  const spacer = useMemo(() => ({ height: rows.length * rowHeight, position: 'relative' as const }), [rows.length, rowHeight]);
  // A cache, not state: what it holds follows from the props and state it compares (see SlotElement).
  const slotElements = useRef<SlotElement<T>[]>([]).current;

  const moveFocus = useCallback(
    (next: number) => {
      const i = Math.max(0, Math.min(rows.length - 1, next));
      setFocus(i);
      const el = scroller.current;
      if (!el) return;
      const y = i * rowHeight;
      if (y < el.scrollTop) el.scrollTop = y;
      else if (y + rowHeight > el.scrollTop + el.clientHeight - rowHeight) el.scrollTop = y - el.clientHeight + 2 * rowHeight;
      requestAnimationFrame(() => el.querySelector<HTMLElement>(`[aria-rowindex="${i + 2}"]`)?.focus());
    },
    [rows.length, rowHeight],
  );

  // A row whose element was recycled (it now shows another person) or that lost the roving focus lets go of
  // DOM focus: the focus stays with the person it was on, who is out of view, as when a keyed row was removed.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (!active || !scroller.current?.contains(active)) return;
    const at = rowIndexOf(active);
    if (at !== undefined && at !== focus) (active as HTMLElement).blur();
  }, [first, focus]);

  // One handler for every row (focus and double-click bubble to the body), not two closures per row rendered.
  const onFocusRow = (e: FocusEvent<HTMLDivElement>) => {
    const at = rowIndexOf(e.target);
    if (at !== undefined) setFocus(at);
  };
  const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    const at = rowIndexOf(e.target);
    if (at !== undefined && rows[at] !== undefined) onActivate?.(rows[at]);
  };

  const rowElement = (index: number): ReactElement => {
    const row = rows[index]!;
    const focused = index === focus;
    const key = slotKey(index, slots);
    const was = slotElements[key];
    if (was?.row === row && was.index === index && was.focused === focused && was.rowClass === rowClass && was.layout === layout)
      return was.element;
    const element = <Row key={key} row={row} index={index} focused={focused} layout={layout} className={rowClass?.(row) ?? ''} />;
    slotElements[key] = { row, index, focused, rowClass, layout, element };
    return element;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: focus + 1,
      ArrowUp: focus - 1,
      PageDown: focus + page,
      PageUp: focus - page,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveFocus(target);
    } else if (e.key === 'Enter' && rows[focus] && onActivate) {
      e.preventDefault();
      onActivate(rows[focus]!);
    }
  };

  return (
    <div className="vtable" role="table" aria-label={label} aria-rowcount={rows.length + 1}>
      <Header layout={layout} sort={sort} onSort={onSort} />
      <div
        ref={scroller}
        className="vbody"
        role="rowgroup"
        data-testid="vtable-body"
        onScroll={(e) => {
          setWarm(true);
          setTop(Math.floor(e.currentTarget.scrollTop / rowHeight));
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocusRow}
        onDoubleClick={onDoubleClick}
      >
        {rows.length === 0 ? (
          <div className="vempty">{empty ?? 'Nothing to show.'}</div>
        ) : (
          <div style={spacer}>{inSlotOrder(first, last, slots).map(rowElement)}</div>
        )}
      </div>
    </div>
  );
}

interface HeaderProps<T> {
  layout: Layout<T>;
  sort: Props<T>['sort'];
  onSort: Props<T>['onSort'];
}

/** The header row; memoized, so a scroll (which re-renders the table for its new window) does not rebuild it. */
const Header = memo(function Header<T>({ layout, sort, onSort }: HeaderProps<T>) {
  return (
    <div role="rowgroup">
      <div role="row" aria-rowindex={1} className="vrow vhead" style={{ gridTemplateColumns: layout.template }}>
        {layout.columns.map((c, i) => {
          const active = sort?.key === c.key;
          return (
            <div
              key={c.key}
              role="columnheader"
              data-col={c.key}
              aria-sort={active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              className={layout.cellClasses[i]}
            >
              {c.sortable && onSort ? (
                <button type="button" className="sort" onClick={() => onSort(c.key)}>
                  {c.label}
                  <span aria-hidden="true">{active ? (sort!.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                </button>
              ) : (
                c.label
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}) as <T>(props: HeaderProps<T>) => ReactNode;

interface RowProps<T> {
  row: T;
  index: number;
  focused: boolean;
  layout: Layout<T>;
  className: string;
}

/** Every prop of a row, once: a prop missing here (or one a row does not have) does not compile. */
const ROW_PROP_SET: Record<keyof RowProps<unknown>, true> = {
  row: true,
  index: true,
  focused: true,
  layout: true,
  className: true,
};
const ROW_PROPS = Object.keys(ROW_PROP_SET) as (keyof RowProps<unknown>)[];

/**
 * memo's own comparison lists the keys of both props objects: two arrays for each row in the window on every
 * scroll frame, ~6 MB of the 65 MB a 1,500-frame bench scroll allocated (garbage that brings the scroll's
 * major GCs sooner). The same comparison, prop by prop over one fixed list.
 */
function sameRowProps<T>(a: RowProps<T>, b: RowProps<T>): boolean {
  for (const k of ROW_PROPS) if (!Object.is(a[k], b[k])) return false;
  return true;
}

/**
 * One row; memoized so scrolling renders only the rows that come into view. No hooks and no handlers of its
 * own (the table's body handles focus and double-click for every row): rendering a row scrolled in makes
 * its cells' elements and nothing else.
 */
const Row = memo(function Row<T>({ row, index, focused, layout, className }: RowProps<T>) {
  const { columns, cellClasses, template, height } = layout;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      tabIndex={focused ? 0 : -1}
      className={`vrow ${className}`}
      style={{ gridTemplateColumns: template, transform: `translateY(${index * height}px)`, height }}
    >
      {columns.map((c, i) => (
        <div key={c.key} role="cell" className={cellClasses[i]}>
          {c.render(row)}
        </div>
      ))}
    </div>
  );
}, sameRowProps) as <T>(props: RowProps<T>) => ReactNode;
