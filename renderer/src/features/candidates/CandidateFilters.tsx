import { useEffect, useRef, type ReactNode } from 'react';
import { CONFLICT_TEXT } from '../../../../electron/common/domain/conflicts';
import { CONFLICT_KEYS } from '../../../../electron/common/service/conflict-keys';
import type { AuthorsGroupsSettings } from '../../../../electron/common/service';
import type { CandidateQuery } from '../../../../electron/common/contract';
import { useCandidates } from '../../stores/candidates';
import { PlaceFilter } from './PlaceFilter';
import { Select } from '../../components/Select';

type RangeKey = 'minHIndex' | 'maxHIndex' | 'minArticles' | 'maxArticles' | 'minCitations' | 'maxCitations';

function Bound({ label, k, query }: { label: string; k: RangeKey; query: CandidateQuery }) {
  const { setQuery } = useCandidates.getState();
  return (
    <input
      type="number"
      min={0}
      step={1}
      className="narrow"
      aria-label={label}
      placeholder={k.startsWith('min') ? 'min' : 'max'}
      value={query[k] ?? ''}
      onChange={(e) => {
        const v = e.target.valueAsNumber;
        void setQuery({ [k]: e.target.value === '' || !Number.isFinite(v) || v < 0 ? undefined : Math.floor(v) });
      }}
    />
  );
}

function Range({ name, min, max, query }: { name: string; min: RangeKey; max: RangeKey; query: CandidateQuery }) {
  return (
    <fieldset className="range">
      <legend>{name}</legend>
      <Bound label={`Minimum ${name}`} k={min} query={query} />
      –
      <Bound label={`Maximum ${name}`} k={max} query={query} />
    </fieldset>
  );
}

/** The query keys set from the "More filters" panel. */
const MORE_KEYS = new Set([
  'minHIndex',
  'maxHIndex',
  'minArticles',
  'maxArticles',
  'minCitations',
  'maxCitations',
  'inGroup',
  'groupId',
  'marked',
  'withoutConflicts',
  'includeCountries',
  'excludeCountries',
  'includeRegions',
  'excludeRegions',
]);

/** The rarely used filters behind one button, so the bar keeps to one line at 1280 px. Escape or a click outside closes it. */
function MoreFilters({ name, count, children }: { name: string; count: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (e: Event) => {
      const el = ref.current;
      if (!el?.open) return;
      // A list or calendar opened from inside the panel is drawn outside it (a Radix portal) and closes itself on
      // Escape (marking the event handled): neither a click in it nor that Escape closes the panel.
      if (e.target instanceof Element && e.target.closest('[data-radix-popper-content-wrapper]')) return;
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        el.open = false;
        el.querySelector('summary')?.focus();
      } else if (!el.contains(e.target as Node)) el.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details className="more-filters" ref={ref}>
      <summary>
        {name}
        {count > 0 ? ` (${count} on)` : ''}
      </summary>
      <div className="more-panel" role="group" aria-label={name}>
        {children}
      </div>
    </details>
  );
}

const GROUP_ANY = '';
const GROUP_IN = 'in';
const GROUP_OUT = 'out';

/** Every filter of the candidate table: ranges, email, conflicts (all or by kind), group membership, marked.
 *  Compact (in the selection bar while people are picked): all of them behind one "Filters" button. */
export function CandidateFilters({
  settings,
  groupIds,
  compact = false,
}: {
  settings: AuthorsGroupsSettings | null;
  groupIds: readonly number[];
  compact?: boolean;
}) {
  const query = useCandidates((s) => s.query);
  const { setQuery } = useCandidates.getState();
  const groupName = (id: number) => {
    const g = settings?.authors_groups.find((x) => x.id === id);
    return g ? `${g.label ?? g.name} (${id})` : `Group ${id}`;
  };
  const groupValue =
    query.groupId !== undefined
      ? String(query.groupId)
      : query.inGroup === true
        ? GROUP_IN
        : query.inGroup === false
          ? GROUP_OUT
          : GROUP_ANY;
  const active = Object.keys(query).filter((k) => k !== 'sort' && k !== 'text').length;
  // Filters kept out of the bar (ranges, group, marked, conflict kinds): how many are on, said on the button.
  const moreActive = Object.keys(query).filter((k) => MORE_KEYS.has(k)).length;
  const quick = (
    <>
      <label>
        <input
          type="checkbox"
          checked={query.conflicts === 'none'}
          onChange={(e) => void setQuery({ conflicts: e.target.checked ? 'none' : undefined })}
        />{' '}
        No conflicts
      </label>
      <label>
        <input
          type="checkbox"
          checked={query.hasEmail === true}
          onChange={(e) => void setQuery({ hasEmail: e.target.checked ? true : undefined })}
        />{' '}
        With e-mail
      </label>
      <label title="Hide people invited many times lately, reviewing several manuscripts now (the load rule in Settings), or unavailable until a later day">
        <input
          type="checkbox"
          checked={query.hideBusy === true}
          onChange={(e) => void setQuery({ hideBusy: e.target.checked ? true : undefined })}
        />{' '}
        Hide busy reviewers
      </label>
      <label title="Only people you have invited before, on any manuscript">
        <input
          type="checkbox"
          checked={query.workedWith === true}
          onChange={(e) => void setQuery({ workedWith: e.target.checked ? true : undefined })}
        />{' '}
        Worked with before
      </label>
    </>
  );
  const more = (
    <>
      <Range name="h-index" min="minHIndex" max="maxHIndex" query={query} />
      <Range name="articles" min="minArticles" max="maxArticles" query={query} />
      <Range name="citations" min="minCitations" max="maxCitations" query={query} />
      <span className="filter-select">
        <span aria-hidden="true">Authors group</span>{' '}
        <Select
          label="Authors group"
          value={groupValue}
          options={[
            { value: GROUP_ANY, label: 'Any' },
            { value: GROUP_IN, label: 'In an authors group' },
            { value: GROUP_OUT, label: 'In no authors group' },
            ...groupIds.map((id) => ({ value: String(id), label: `In ${groupName(id)}` })),
          ]}
          onChange={(v) =>
            void setQuery({
              inGroup: v === GROUP_IN ? true : v === GROUP_OUT ? false : undefined,
              groupId: /^\d+$/.test(v) ? Number(v) : undefined,
            })
          }
        />
      </span>
      <label>
        <input
          type="checkbox"
          checked={query.marked === true}
          onChange={(e) => void setQuery({ marked: e.target.checked ? true : undefined })}
        />{' '}
        Marked
      </label>
      <PlaceFilter query={query} />
      <fieldset className="conflict-filter">
        <legend>Hide candidates flagged for</legend>
        {CONFLICT_KEYS.map((k) => (
          <label key={k} title={CONFLICT_TEXT[k].explain}>
            <input
              type="checkbox"
              checked={query.withoutConflicts?.includes(k) ?? false}
              onChange={(e) => {
                const cur = new Set(query.withoutConflicts ?? []);
                if (e.target.checked) cur.add(k);
                else cur.delete(k);
                void setQuery({ withoutConflicts: cur.size ? [...cur] : undefined });
              }}
            />{' '}
            {CONFLICT_TEXT[k].badge}
          </label>
        ))}
      </fieldset>
    </>
  );
  const clear =
    active > 0 ? (
      <button
        type="button"
        onClick={(e) => {
          // The button goes away with the filters: the focus moves to the first filter (or the Filters button).
          e.currentTarget.closest('.filters')?.querySelector<HTMLElement>('summary, input')?.focus();
          void setQuery(
            Object.fromEntries(
              Object.keys(query)
                .filter((k) => k !== 'sort' && k !== 'text')
                .map((k) => [k, undefined]),
            ),
          );
        }}
      >
        Clear filters
      </button>
    ) : null;
  return (
    <div className="filters" role="group" aria-label="Candidate filters">
      {compact ? (
        <MoreFilters name="Filters" count={active}>
          {quick}
          {more}
        </MoreFilters>
      ) : (
        <>
          {quick}
          <MoreFilters name="More filters" count={moreActive}>
            {more}
          </MoreFilters>
        </>
      )}
      {clear}
    </div>
  );
}
