// Boot wiring of the window's data path: core's change feed goes to the query cache (data/queries.ts),
// which refetches what a change made old; a profile switch forgets the old workspace. The domain stores
// register their loaders with `live()` where they are defined, so nothing here lists them by topic.
import type { Desk } from '../platform/desk';
import { useApp } from '../stores/app';
import { useCandidates } from '../stores/candidates';
import { useDrafts } from '../stores/invitations';
import { useManuscripts } from '../stores/manuscripts';
import { useProfiles } from '../stores/profiles';
import { invalidate, resetQueries } from './queries';

/** Everything that belongs to one profile's workspace, forgotten when another profile becomes active. */
export function resetWorkspace(): void {
  useManuscripts.getState().reset();
  useCandidates.getState().reset();
  useDrafts.getState().reset();
  // The answers views show are asked again, for the new workspace.
  resetQueries();
}

/** Another profile became active (whoever asked): the old workspace's rows, batch and selection go. */
function followActiveProfile(): () => void {
  let active = useProfiles.getState().state?.activeId;
  return useProfiles.subscribe((s) => {
    const next = s.state?.activeId;
    if (next === undefined || next === active) return;
    // From no profile at all (a first start, the demo service's profile just made) nothing is forgotten: uploads the
    // editor pressed meanwhile were queued for this very profile.
    const switched = active !== undefined && active !== null;
    const first = active === null;
    active = next;
    if (first) void useManuscripts.getState().load();
    if (!switched) return;
    resetWorkspace();
    void useManuscripts.getState().load();
  });
}

/** Subscribes the window to core's events; returns the unsubscribe. Called once at boot. */
export function connect(desk: Desk): () => void {
  const offs = [
    useApp.getState().start(desk),
    followActiveProfile(),
    desk.on('upload.progress', (p) => useManuscripts.getState().setProgress(p.manuscriptId, p.sentBytes, p.totalBytes)),
    desk.on('data.changed', invalidate),
  ];
  // Which profile is active, so a later switch is told apart from the first load.
  void useProfiles.getState().load();
  return () => offs.forEach((off) => off());
}
