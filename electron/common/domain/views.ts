// The window's views, once: their order (the sidebar's, and Ctrl/Cmd+1… in the window and the desktop
// menu), the name shown for each (sidebar, heading, menu) and the line under its heading. The window
// maps each id to its code (renderer/src/components/views.tsx, a Record over the ids) and the desktop
// menu lists them from here, so a view added here and nowhere else does not compile.
export const VIEW_DEFS = [
  { id: 'manuscripts', label: 'Manuscripts', description: 'Drop a PDF or DOCX manuscript here to find referees.' },
  { id: 'candidates', label: 'Candidates', description: 'Referee candidates of the selected manuscript, with conflict-of-interest flags.' },
  { id: 'journals', label: 'Journals', description: 'Journals recommended for the selected manuscript.' },
  { id: 'groups', label: 'Groups', description: 'Authors groups your teams keep: expert pools to search within or boost.' },
  { id: 'activity', label: 'Activity', description: 'Changes waiting to be sent, and what the service told us.' },
  { id: 'settings', label: 'Settings', description: 'Connection profiles, API keys and the webhook receiver.' },
  {
    id: 'customFields',
    label: 'Custom fields',
    description: 'Extra fields your organization keeps on authors, folders and manuscripts: their ids, kinds, options and values.',
  },
  {
    id: 'reviewers',
    label: 'Reviewers',
    description: 'Everyone suggested to you, across manuscripts and profiles: invitations, answers and reviews in progress.',
  },
] as const;

export type View = (typeof VIEW_DEFS)[number]['id'];

/** The views in order. */
export const VIEWS: readonly View[] = VIEW_DEFS.map((d) => d.id);

const BY_ID = new Map<View, (typeof VIEW_DEFS)[number]>(VIEW_DEFS.map((d) => [d.id, d]));

/** A view's name, as the sidebar, its heading and the menu show it. */
export const viewLabel = (view: View): string => BY_ID.get(view)!.label;

/** The line under a view's heading. */
export const viewDescription = (view: View): string => BY_ID.get(view)!.description;

/** Whether a string names a view (a menu command or a saved state from another version may not). */
export const isView = (v: unknown): v is View => typeof v === 'string' && BY_ID.has(v as View);
