import { CAREER_BANDS_TEXT, spreadParts } from '../../../../electron/common/domain/spread';
import { useQuery } from '../../data/queries';

/**
 * One line under the shortlist's head: its countries and regions, career stages and what it shares with
 * the authors ("3 countries · 2 regions · Western Europe 2, Eastern Asia 1 · mid-career 2, senior 1 · …").
 * Hovering it names the countries. Nothing while the shortlist is empty.
 */
export function ShortlistSpread({ manuscriptId }: { manuscriptId: number }) {
  const spread = useQuery('shortlist.spread', { manuscriptId }).data;
  const parts = spread ? spreadParts(spread) : [];
  if (!spread || parts.length === 0) return null;
  const countries = spread.countries.map((c) => `${c.name} ${c.count}`).join(', ');
  const title =
    (countries ? `Countries: ${countries}` : 'No country could be read from the affiliations') +
    (spread.unknownCountry > 0 ? `; not known for ${spread.unknownCountry}` : '') +
    `. Career stage by h-index: ${CAREER_BANDS_TEXT}. People who declined are not counted.`;
  return (
    <p className="sl-spread" data-testid="sl-spread" title={title}>
      <span className="sr-only">Spread of the shortlist: </span>
      {parts.join(' · ')}
    </p>
  );
}
