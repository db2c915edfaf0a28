// When Referee Desk may look for, download and install an update. Pure: the shell passes what it
// knows (packaged?, the editor's setting, the environment, the admin policy file's text, what is
// being sent) and acts on the answer. IT turns updates off with either
//   - the environment variable REFEREE_DESK_DISABLE_UPDATES=1 (also true/yes/on), or
//   - a policy file containing {"updates": false}:
//       Windows  %ProgramData%\Referee Desk\policy.json
//       macOS    /Library/Application Support/Referee Desk/policy.json
//       Linux    /etc/referee-desk/policy.json
// Either one wins over the editor's setting (VS Code's "update.mode": "none" policy works the same way).

export const UPDATE_DISABLE_ENV = 'REFEREE_DESK_DISABLE_UPDATES';
/** First check after start (not at once: Squirrel.Windows holds a lock for a few seconds, and start-up has enough to do). */
export const FIRST_CHECK_DELAY_MS = 10_000;
export const CHECK_INTERVAL_MS = 6 * 3600_000;
const MAX_POLICY_BYTES = 64 * 1024;

export type UpdateOff = 'not-packaged' | 'setting' | 'admin-env' | 'admin-file' | 'unsupported';

export interface UpdatePolicyInput {
  isPackaged: boolean;
  /** The editor's Settings choice; absent means on. */
  settingEnabled: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** The policy file's text, or null when there is none. */
  policyFileText: string | null;
  /** Linux: only the AppImage updates itself; deb/rpm installs are updated by the package manager. */
  selfUpdating: boolean;
}

export type UpdatePolicy = { enabled: true } | { enabled: false; off: UpdateOff; reason: string };

export function policyFilePath(platform: string, env: Readonly<Record<string, string | undefined>>): string {
  if (platform === 'win32') return `${env['ProgramData'] ?? 'C:\\ProgramData'}\\Referee Desk\\policy.json`;
  if (platform === 'darwin') return '/Library/Application Support/Referee Desk/policy.json';
  return '/etc/referee-desk/policy.json';
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);

/** True when the policy file turns updates off. A file that cannot be read as that JSON turns them off
 * too: an administrator who wrote a policy meant something, and guessing "on" would undo it. */
export function policyFileDisablesUpdates(text: string): boolean {
  if (text.length > MAX_POLICY_BYTES) return true;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return true;
    const updates = (parsed as Record<string, unknown>)['updates'];
    return updates !== undefined && updates !== true;
  } catch {
    return true;
  }
}

export function updatePolicy(input: UpdatePolicyInput): UpdatePolicy {
  const envValue = input.env[UPDATE_DISABLE_ENV]?.trim().toLowerCase();
  if (envValue && TRUE.has(envValue))
    return { enabled: false, off: 'admin-env', reason: `Updates are turned off by your administrator (${UPDATE_DISABLE_ENV}).` };
  if (input.policyFileText !== null && policyFileDisablesUpdates(input.policyFileText)) {
    return { enabled: false, off: 'admin-file', reason: 'Updates are turned off by your administrator (policy file).' };
  }
  if (!input.isPackaged)
    return { enabled: false, off: 'not-packaged', reason: 'Updates apply to installed copies only; this one runs from source.' };
  if (!input.selfUpdating)
    return { enabled: false, off: 'unsupported', reason: 'This installation is updated by the system package manager.' };
  if (!input.settingEnabled) return { enabled: false, off: 'setting', reason: 'Updates are turned off in Settings.' };
  return { enabled: true };
}

export interface BusyState {
  /** Manuscript uploads whose body is being sent. */
  uploadsSending: number;
  /** Whether the outbox is sending queued writes right now. */
  outboxDraining: boolean;
}

/** Restarting now would cut a send short: wait until nothing is in flight. */
export function restartBlocker(busy: BusyState): string | null {
  if (busy.uploadsSending > 0)
    return `Waiting for ${busy.uploadsSending === 1 ? 'an upload' : `${busy.uploadsSending} uploads`} to finish before restarting.`;
  if (busy.outboxDraining) return 'Waiting for queued changes to be sent before restarting.';
  return null;
}

/** Delay before the next check, from when the last one started (or null: never checked yet). */
export function nextCheckDelay(now: number, lastCheckAt: number | null): number {
  if (lastCheckAt === null) return FIRST_CHECK_DELAY_MS;
  return Math.max(0, lastCheckAt + CHECK_INTERVAL_MS - now);
}

export interface InstallMode {
  /** The installer runs without its wizard (Windows); the AppImage is replaced without prompts. */
  silent: boolean;
  /** The installer starts the new version itself (Windows: NSIS --force-run, after this process has gone). */
  runAfter: boolean;
  /** This process asks Electron to start the new version once it has exited (the AppImage, whose updater
   * would otherwise start it while this process still holds the single-instance lock, so it would quit). */
  relaunchAfterExit: boolean;
}

/** How "Restart to Update" installs, so that it does restart. macOS: Squirrel relaunches by itself. */
export function installMode(platform: string): InstallMode {
  if (platform === 'linux') return { silent: true, runAfter: false, relaunchAfterExit: true };
  return { silent: true, runAfter: true, relaunchAfterExit: false };
}
