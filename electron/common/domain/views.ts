// The window's views, once: their order (the sidebar's, top to bottom, which is also Ctrl/Cmd+1… in the
// window and the desktop menu: a view goes with the others of its section), the sidebar's section each sits
// in, the name shown for each (sidebar, heading, menu) and what it is for (the sidebar's tip). The window maps each id to its code and its icon
// (renderer/src/components/views.tsx and Nav.tsx, Records over the ids) and the desktop menu lists them
// from here, so a view added here and nowhere else does not compile.
export const VIEW_DEFS = [
  { id: 'manuscripts', section: 'work', label: 'Manuscripts', description: 'Drop a PDF or DOCX manuscript here to find referees.' },
  {
    id: 'candidates',
    section: 'work',
    label: 'Candidates',
    description: 'Referee candidates of the selected manuscript, with conflict-of-interest flags.',
  },
  { id: 'journals', section: 'work', label: 'Journals', description: 'Journals recommended for the selected manuscript.' },
  {
    id: 'activity',
    section: 'work',
    label: 'Activity',
    description: 'Changes waiting to be sent, reminders due, and what the service told us.',
  },
  {
    id: 'reviewers',
    section: 'work',
    label: 'Reviewers',
    description: 'Everyone suggested to you, across manuscripts and profiles: invitations, answers and reviews in progress.',
  },
  {
    id: 'groups',
    section: 'pools',
    label: 'Groups',
    description: 'Authors groups your teams keep: expert pools to search within or boost.',
  },
  { id: 'settings', section: 'settings', label: 'Settings', description: 'Connection profiles, API keys and the webhook receiver.' },
  {
    id: 'customFields',
    section: 'settings',
    label: 'Custom fields',
    description: 'Extra fields your organization keeps on authors, folders and manuscripts: their ids, kinds, options and values.',
  },
] as const;

/** The sidebar's sections, grouped by the job: the work on manuscripts and people, the pools searched in, the setup. */
export const VIEW_SECTIONS = [
  { id: 'work', label: 'Work' },
  { id: 'pools', label: 'Pools' },
  { id: 'settings', label: 'Settings' },
] as const satisfies readonly { id: (typeof VIEW_DEFS)[number]['section']; label: string }[];

export type View = (typeof VIEW_DEFS)[number]['id'];

/** The views in order. */
export const VIEWS: readonly View[] = VIEW_DEFS.map((d) => d.id);

const BY_ID = new Map<View, (typeof VIEW_DEFS)[number]>(VIEW_DEFS.map((d) => [d.id, d]));

/** A view's name, as the sidebar, its heading and the menu show it. */
export const viewLabel = (view: View): string => BY_ID.get(view)!.label;

/** What a view is for, in a sentence (the sidebar's tip). */
export const viewDescription = (view: View): string => BY_ID.get(view)!.description;

/** Whether a string names a view (a menu command or a saved state from another version may not). */
export const isView = (v: unknown): v is View => typeof v === 'string' && BY_ID.has(v as View);

/** The sidebar's sections, each with its views in VIEW_DEFS's order. */
export function sidebarSections(): { id: string; label: string; views: View[] }[] {
  return VIEW_SECTIONS.map((s) => ({ id: s.id, label: s.label, views: VIEW_DEFS.filter((d) => d.section === s.id).map((d) => d.id) }));
}

// Settings' panes, one shown at a time beside their list (as the options of GitHub Desktop and Zotero): each pane
// fits the window at 1280×720, so its one primary action is in view without scrolling.
export const SETTINGS_PANES = [
  { id: 'invitations', label: 'Invitations', hint: 'Your name, the template, due dates, reminders and the load rule' },
  { id: 'connection', label: 'Connection', hint: 'The service: profiles and their API keys' },
  { id: 'office', label: 'Editorial office', hint: "Share referee work with your office's other editors" },
  { id: 'updates', label: 'Updates', hint: 'New versions of Referee Desk' },
  { id: 'data', label: 'Data', hint: 'Where the cache lives; clearing it' },
  { id: 'advanced', label: 'Advanced', hint: 'Custom fields and referee marks from the service (webhook)' },
] as const;

export type SettingsPane = (typeof SETTINGS_PANES)[number]['id'];

export const DEFAULT_SETTINGS_PANE: SettingsPane = 'invitations';
