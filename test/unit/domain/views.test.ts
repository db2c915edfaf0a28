// The views' one list: the sidebar shows them in its order, so Ctrl/Cmd+N (the Nth of the list) is the Nth row
// of the sidebar, section after section.
import { describe, expect, it } from 'vitest';
import { sidebarSections, VIEW_DEFS, VIEW_SECTIONS, VIEWS } from '../../../electron/common/domain/views';

describe('views', () => {
  it('the sidebar, read top to bottom, is the list’s order: the shortcuts follow the sidebar', () => {
    expect(sidebarSections().flatMap((s) => s.views)).toEqual(VIEWS);
    expect(sidebarSections().map((s) => s.id)).toEqual(VIEW_SECTIONS.map((s) => s.id));
  });

  it('each section’s views sit together in the list, in the sections’ order', () => {
    const sections = VIEW_DEFS.map((d) => d.section);
    const order = VIEW_SECTIONS.map((s) => s.id as string);
    for (let i = 1; i < sections.length; i++) expect(order.indexOf(sections[i]!)).toBeGreaterThanOrEqual(order.indexOf(sections[i - 1]!));
  });
});
