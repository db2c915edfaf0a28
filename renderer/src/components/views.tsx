// The window's half of the view registry (VIEW_DEFS in electron/common/domain/views.ts is the other: label, section,
// shortcut, menu): each view's sidebar icon and its code, in its own chunk (React.lazy). The shell's chunk holds only
// the frame, the stores and the bridge, so the window paints before any view's code is parsed, and opening one view
// never waits for another's. `preloadView` starts a chunk's download early (the view in front at start, Candidates when idle).
import { Activity, BookOpen, Boxes, FileText, Settings, SlidersHorizontal, UserCheck, Users, type LucideIcon } from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { View } from '../stores/app';

type Loader = () => Promise<{ default: ComponentType }>;

/** Every view's icon and loader: a Record over the ids, so a view missing here does not compile. */
const VIEWS: Record<View, { icon: LucideIcon; load: Loader }> = {
  manuscripts: {
    icon: FileText,
    load: () => import('../features/manuscripts/ManuscriptsView').then((m) => ({ default: m.ManuscriptsView })),
  },
  candidates: {
    icon: Users,
    load: () => import('../features/candidates/CandidatesView').then((m) => ({ default: m.CandidatesView })),
  },
  journals: { icon: BookOpen, load: () => import('../features/journals/JournalsView').then((m) => ({ default: m.JournalsView })) },
  groups: { icon: Boxes, load: () => import('../features/groups/GroupsView').then((m) => ({ default: m.GroupsView })) },
  activity: { icon: Activity, load: () => import('../features/activity/ActivityView').then((m) => ({ default: m.ActivityView })) },
  settings: { icon: Settings, load: () => import('../features/settings/SettingsView').then((m) => ({ default: m.SettingsView })) },
  customFields: {
    icon: SlidersHorizontal,
    load: () => import('../features/customfields/CustomFieldsView').then((m) => ({ default: m.CustomFieldsView })),
  },
  reviewers: {
    icon: UserCheck,
    load: () => import('../features/reviewers/ReviewersView').then((m) => ({ default: m.ReviewersView })),
  },
};

/** The view's icon in the sidebar. */
export const viewIcon = (view: View): LucideIcon => VIEWS[view].icon;

/** One promise per view: lazy() and preloadView share it, so a chunk is fetched and run once. */
const loading = new Map<View, ReturnType<Loader>>();
const load = (view: View) => {
  let p = loading.get(view);
  if (!p) {
    p = VIEWS[view].load();
    // A failed fetch (the file replaced by an update) is tried again on the next visit.
    p.catch(() => loading.delete(view));
    loading.set(view, p);
  }
  return p;
};

export const VIEW_COMPONENTS = Object.fromEntries((Object.keys(VIEWS) as View[]).map((v) => [v, lazy(() => load(v))])) as Record<
  View,
  LazyExoticComponent<ComponentType>
>;

export function preloadView(view: View): void {
  void load(view).catch(() => undefined);
}
