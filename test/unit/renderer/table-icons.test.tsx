// The candidate table's icons (cells.tsx tableIcon) are lucide's drawings as plain <svg> elements, read from
// lucide-react's icon modules (their `__iconData`, which the package's types do not declare): a lucide
// release that moves or renames it, or an icon module that becomes an alias without it, fails here.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  Building2,
  Check,
  CircleHelp,
  Copy,
  ExternalLink,
  FileWarning,
  Mail,
  Quote,
  ShieldAlert,
  Star,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { TABLE_ICON_NAMES, tableIcon, type TableIconName } from '../../../renderer/src/features/candidates/cells';

/** Each table icon and the lucide component that draws the same icon elsewhere in the app. */
const COMPONENT: Record<TableIconName, LucideIcon> = {
  check: Check,
  users: Users,
  building: Building2,
  'file-warning': FileWarning,
  quote: Quote,
  'shield-alert': ShieldAlert,
  help: CircleHelp,
  copy: Copy,
  star: Star,
  'external-link': ExternalLink,
  mail: Mail,
};

/** The drawing inside an <svg>: its child elements, attributes sorted. */
const drawing = (markup: string) =>
  [...markup.matchAll(/<(path|circle|rect|line|polyline|polygon|ellipse)([^>]*)\/?>/g)]
    .map(
      ([, tag, attrs]) =>
        `${tag} ${[...attrs!.matchAll(/(\w[\w-]*)="([^"]*)"/g)]
          .map(([, k, v]) => `${k}=${v}`)
          .sort()
          .join(' ')}`,
    )
    .join('\n');

describe('table icons: lucide drawings as plain svg', () => {
  it('every icon draws what the lucide component draws, hidden from screen readers, with no <use>', () => {
    expect(TABLE_ICON_NAMES.sort()).toEqual(Object.keys(COMPONENT).sort());
    for (const name of TABLE_ICON_NAMES) {
      const markup = renderToStaticMarkup(tableIcon(name));
      const lucide = renderToStaticMarkup(createElement(COMPONENT[name], { size: 14 }));
      expect(drawing(markup), name).not.toBe('');
      expect(drawing(markup), name).toBe(drawing(lucide));
      expect(markup).toContain('aria-hidden="true"');
      expect(markup).toContain(`class="lucide ti-${name}"`);
      expect(markup).toContain('stroke="currentColor"');
      expect(markup).not.toContain('<use');
    }
  });

  it('one element object per icon and size, so React skips an icon that stays in a recycled row', () => {
    expect(tableIcon('check')).toBe(tableIcon('check'));
    expect(tableIcon('star', 12)).toBe(tableIcon('star', 12));
    expect(tableIcon('star', 12)).not.toBe(tableIcon('star', 14));
    expect(renderToStaticMarkup(tableIcon('star', 12))).toContain('width="12"');
  });
});
