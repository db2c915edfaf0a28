// Background threads and processes give way to the thread that runs core (issue 14). Core's loop answers the
// window; the intake workers (PDF parsing), the run writer, the WAL checkpointer and the local demo service
// only have to finish soon. When they and core's loop want a core at the same moment, the scheduler should
// pick core's loop: on a two-core workstation four busy PDF workers otherwise keep it waiting in the run
// queue for milliseconds at a time (the event-loop delay without run-queue wait was a third of the plain one).
// Chromium does the same with its own pool (PlatformThread::SetCurrentThreadType(kBackground): nice 10).
//
// Linux keeps the nice value per thread, not per process (setpriority(2), NOTES): a thread's own id lowers
// that thread only, and a thread inherits its creator's value. Elsewhere Node can set only a whole
// process's priority (Windows: its priority class), so a worker thread in core's process keeps its priority
// there, and only a process of its own (the demo service) is lowered.
import { readdirSync, readlinkSync } from 'node:fs';
import { constants, getPriority, setPriority } from 'node:os';

/** Nice 10 on Linux and macOS, BELOW_NORMAL_PRIORITY_CLASS on Windows. */
export const BACKGROUND_PRIORITY = constants.priority.PRIORITY_BELOW_NORMAL;

export interface PriorityOs {
  platform: NodeJS.Platform;
  /** This thread's id on Linux (from /proc/thread-self), null when it cannot be read. */
  threadId(): number | null;
  /** The ids of this process's threads on Linux (/proc/self/task). */
  threadIds(): number[];
  setPriority(id: number, priority: number): void;
  getPriority(id: number): number;
}

const nodeOs: PriorityOs = {
  platform: process.platform,
  threadId: () => {
    // "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  },
  threadIds: () => readdirSync('/proc/self/task').map(Number),
  setPriority,
  getPriority,
};

/** Only ever lowers: a thread already below BACKGROUND_PRIORITY stays where it is. */
function lower(os: PriorityOs, id: number): void {
  if (os.getPriority(id) < BACKGROUND_PRIORITY) os.setPriority(id, BACKGROUND_PRIORITY);
}

/**
 * Lowers the calling worker thread's priority where the platform allows one thread's (Linux). Returns whether it
 * did; a failure leaves the thread as it was (the work is the same, only its turn comes sooner).
 */
export function lowerThisThread(os: PriorityOs = nodeOs): boolean {
  if (os.platform !== 'linux') return false;
  try {
    const tid = os.threadId();
    if (tid === null) return false;
    lower(os, tid);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lowers the whole calling process (for a process of its own, never core's): on Linux each of its threads, the
 * threads it starts later inheriting it; elsewhere the process's priority.
 */
export function lowerThisProcess(os: PriorityOs = nodeOs): boolean {
  try {
    if (os.platform === 'linux') for (const tid of os.threadIds()) lower(os, tid);
    else lower(os, 0);
    return true;
  } catch {
    return false;
  }
}
