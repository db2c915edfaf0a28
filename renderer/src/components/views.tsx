// Each view's code in its own chunk (React.lazy): the shell's chunk holds only the frame, the stores and
// the bridge, so the window paints before any view's code is parsed, and opening one view never waits for
// another's. `preloadView` starts a chunk's download early (the view in front at start, Candidates when idle).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { View } from '../stores/app';

type Loader = () => Promise<{ default: ComponentType }>;

const LOADERS: Record<View, Loader> = {
  manuscripts: () => import('../features/manuscripts/ManuscriptsView').then((m) => ({ default: m.ManuscriptsView })),
  candidates: () => import('../features/candidates/CandidatesView').then((m) => ({ default: m.CandidatesView })),
  journals: () => import('../features/journals/JournalsView').then((m) => ({ default: m.JournalsView })),
  groups: () => import('../features/groups/GroupsView').then((m) => ({ default: m.GroupsView })),
  activity: () => import('../features/activity/ActivityView').then((m) => ({ default: m.ActivityView })),
  settings: () => import('../features/settings/SettingsView').then((m) => ({ default: m.SettingsView })),
  customFields: () => import('../features/customfields/CustomFieldsView').then((m) => ({ default: m.CustomFieldsView })),
  reviewers: () => import('../features/reviewers/ReviewersView').then((m) => ({ default: m.ReviewersView })),
};

/** One promise per view: lazy() and preloadView share it, so a chunk is fetched and run once. */
const loading = new Map<View, ReturnType<Loader>>();
const load = (view: View) => {
  let p = loading.get(view);
  if (!p) {
    p = LOADERS[view]();
    // A failed fetch (the file replaced by an update) is tried again on the next visit.
    p.catch(() => loading.delete(view));
    loading.set(view, p);
  }
  return p;
};

export const VIEW_COMPONENTS = Object.fromEntries((Object.keys(LOADERS) as View[]).map((v) => [v, lazy(() => load(v))])) as Record<
  View,
  LazyExoticComponent<ComponentType>
>;

export function preloadView(view: View): void {
  void load(view).catch(() => undefined);
}
