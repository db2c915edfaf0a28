import { X } from 'lucide-react';
import { COUNTRIES, REGION_NAMES, countryByCode } from '../../../../electron/common/domain/countries';
import type { CandidateQuery } from '../../../../electron/common/contract';
import { useCandidates } from '../../stores/candidates';
import { Select } from '../../components/Select';

const BY_NAME = [...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name));
const REGION = 'region:';
const COUNTRY = 'country:';

type Side = { countries: 'includeCountries' | 'excludeCountries'; regions: 'includeRegions' | 'excludeRegions'; label: string };
const SIDES: Side[] = [
  { countries: 'includeCountries', regions: 'includeRegions', label: 'Only from' },
  { countries: 'excludeCountries', regions: 'excludeRegions', label: 'Leave out' },
];

/** One side of the filter: a list to add a country or region from, and the chosen ones as chips that remove themselves. */
function PlaceRow({ side, query }: { side: Side; query: CandidateQuery }) {
  const { setQuery } = useCandidates.getState();
  const countries = query[side.countries] ?? [];
  const regions = query[side.regions] ?? [];
  const set = (next: { countries?: string[]; regions?: string[] }) =>
    void setQuery({
      ...(next.countries ? { [side.countries]: next.countries.length ? next.countries : undefined } : {}),
      ...(next.regions ? { [side.regions]: next.regions.length ? next.regions : undefined } : {}),
    });
  const chosen = [
    ...regions.map((r) => ({ key: REGION + r, name: r, remove: () => set({ regions: regions.filter((x) => x !== r) }) })),
    ...countries.map((c) => ({
      key: COUNTRY + c,
      name: countryByCode(c)?.name ?? c,
      remove: () => set({ countries: countries.filter((x) => x !== c) }),
    })),
  ];
  return (
    <div className="place-row">
      <span className="place-side">
        <span aria-hidden="true">{side.label}</span>{' '}
        <Select
          label={`${side.label}: add a region or country`}
          value=""
          placeholder="Add a region or country…"
          options={[
            { group: 'Regions', options: REGION_NAMES.map((r) => ({ value: REGION + r, label: r, disabled: regions.includes(r) })) },
            {
              group: 'Countries',
              options: BY_NAME.map((c) => ({ value: COUNTRY + c.code, label: c.name, disabled: countries.includes(c.code) })),
            },
          ]}
          onChange={(v) => {
            if (v.startsWith(REGION) && !regions.includes(v.slice(REGION.length))) set({ regions: [...regions, v.slice(REGION.length)] });
            if (v.startsWith(COUNTRY) && !countries.includes(v.slice(COUNTRY.length)))
              set({ countries: [...countries, v.slice(COUNTRY.length)] });
          }}
        />
      </span>
      {chosen.length > 0 ? (
        <ul className="place-chips" aria-label={`${side.label}: chosen`}>
          {chosen.map((c) => (
            <li key={c.key}>
              <button type="button" className="chip" onClick={c.remove} aria-label={`Remove ${c.name} from “${side.label}”`}>
                {c.name} <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Where candidates are, read from their affiliations: only from some countries or regions, or leaving
 * some out. Someone whose country cannot be read is left out by "Only from" and kept by "Leave out".
 */
export function PlaceFilter({ query }: { query: CandidateQuery }) {
  return (
    <fieldset className="place-filter">
      <legend title="Read from the end of each affiliation; regions are the UN's (M49)">Where they are</legend>
      {SIDES.map((s) => (
        <PlaceRow key={s.label} side={s} query={query} />
      ))}
    </fieldset>
  );
}
