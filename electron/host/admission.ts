// Bounds on what the browser host holds for its sockets. A WebSocket message is buffered whole before it
// is handed over, and a large one (a staged file, ~66 MB of base64) costs about three times its size while
// it is decoded and handled. So a socket may receive a large message only once it is admitted: at most
// `large` large messages are received or handled at a time across all sockets, and a socket that starts
// one beyond that is paused (its bytes wait in the kernel) until one finishes. Small requests are never
// held back, so one client flooding large messages cannot starve another's clicks. Each socket also
// has at most `perSocket` messages in flight; past that it is paused until its answers go out.

export interface AdmissionLimits {
  /** Bytes of a message still being received above which it counts as large. */
  largeBytes: number;
  /** Large messages received or handled at once, across all sockets. */
  large: number;
  /** Messages handled at once per socket. */
  perSocket: number;
}

export const HOST_ADMISSION: AdmissionLimits = { largeBytes: 1024 * 1024, large: 1, perSocket: 8 };

/** What the gate needs of a socket: ws's pause() and resume(). */
export interface Pausable {
  pause(): void;
  resume(): void;
}

interface Entry {
  /** Bytes of the message being received (reset when it is handed over). */
  receiving: number;
  /** Holds one of the `large` places while its large message is received or handled. */
  admitted: boolean;
  /** Waiting for a large place. */
  waiting: boolean;
  /** Messages handed over and not yet answered. */
  inFlight: number;
  /** Large messages handed over and not yet answered (each keeps its place until answered). */
  largeInFlight: number;
}

export class AdmissionGate<S extends Pausable> {
  private readonly entries = new Map<S, Entry>();
  private readonly queue: S[] = [];
  private largeTaken = 0;

  constructor(private readonly limits: AdmissionLimits = HOST_ADMISSION) {}

  add(socket: S): void {
    this.entries.set(socket, { receiving: 0, admitted: false, waiting: false, inFlight: 0, largeInFlight: 0 });
  }

  remove(socket: S): void {
    const e = this.entries.get(socket);
    if (!e) return;
    this.entries.delete(socket);
    const i = this.queue.indexOf(socket);
    if (i >= 0) this.queue.splice(i, 1);
    this.largeTaken -= e.largeInFlight + (e.admitted ? 1 : 0);
    this.admitWaiting();
  }

  /** Raw bytes arrived on the socket (before ws has a whole message). */
  received(socket: S, bytes: number): void {
    const e = this.entries.get(socket);
    if (!e) return;
    e.receiving += bytes;
    if (e.receiving <= this.limits.largeBytes || e.admitted || e.waiting) return;
    if (this.largeTaken < this.limits.large) {
      this.largeTaken++;
      e.admitted = true;
    } else {
      e.waiting = true;
      this.queue.push(socket);
      this.sync(socket, e);
    }
  }

  /** ws handed over a whole message; returns the function to call once it is answered. */
  message(socket: S, bytes: number): () => void {
    const e = this.entries.get(socket);
    if (!e) return () => {};
    // A large message keeps its place until answered; a small one that arrived admitted gives it back.
    const large = bytes > this.limits.largeBytes && e.admitted;
    if (large) e.largeInFlight++;
    else if (e.admitted) this.largeTaken--;
    e.admitted = false;
    e.receiving = 0;
    e.inFlight++;
    this.sync(socket, e);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const now = this.entries.get(socket);
      if (now !== e) return;
      e.inFlight--;
      if (large) {
        e.largeInFlight--;
        this.largeTaken--;
      }
      this.sync(socket, e);
      this.admitWaiting();
    };
  }

  /** Large places taken, for tests and the bench. */
  get largeInUse(): number {
    return this.largeTaken;
  }

  private admitWaiting(): void {
    while (this.largeTaken < this.limits.large && this.queue.length) {
      const socket = this.queue.shift()!;
      const e = this.entries.get(socket);
      if (!e) continue;
      e.waiting = false;
      e.admitted = true;
      this.largeTaken++;
      this.sync(socket, e);
    }
  }

  private paused = new WeakSet<S>();

  private sync(socket: S, e: Entry): void {
    const hold = e.waiting || e.inFlight >= this.limits.perSocket;
    if (hold && !this.paused.has(socket)) {
      this.paused.add(socket);
      socket.pause();
    } else if (!hold && this.paused.has(socket)) {
      this.paused.delete(socket);
      socket.resume();
    }
  }
}
