// The resource bounds of reading one manuscript (issue 17): a file is untrusted input, so memory and time
// are capped however it is built. docs/intake.md lists them for editors and engineers.
import { DeskError } from '../../common/errors';

export const INTAKE_BOUNDS = {
  /** V8 heap of one intake worker (worker_threads resourceLimits); past it the worker dies, not the app. */
  workerHeapMb: 160,
  /** Young generation of one intake worker. */
  workerYoungMb: 16,
  /** Inflated bytes of one PDF stream (content, font, object stream…), however it is compressed. */
  maxStreamBytes: 32 * 1024 * 1024,
  /** Inflated bytes of one document, every stream and ZIP part together. */
  maxInflatedBytes: 96 * 1024 * 1024,
  /** Inflated size of one XML part of a DOCX (document.xml, styles.xml), independent of the ratio guard. */
  maxXmlPartBytes: 32 * 1024 * 1024,
  /** Pages a PDF may declare; a manuscript has far fewer. */
  maxPages: 2000,
  /** Time one file may take in a worker before the worker is replaced. */
  timeoutMs: 15_000,
} as const;

export const TOO_COMPLEX =
  'This file is too complex to read: it unpacks to far more data than a manuscript holds, so ' +
  'reading it was stopped. Fill in the fields by hand, or export the file again.';

export function tooComplex(detail?: string): DeskError {
  return new DeskError('invalid_file', detail ? `${TOO_COMPLEX} (${detail})` : TOO_COMPLEX);
}

/** Counts inflated bytes of one document; every decoder reports to the budgets active in its thread. */
export class InflateBudget {
  total = 0;
  /** Why the budget was exceeded, once it was; reading stops and the file is refused. */
  exceeded: string | null = null;

  constructor(
    readonly maxStream: number = INTAKE_BOUNDS.maxStreamBytes,
    readonly maxTotal: number = INTAKE_BOUNDS.maxInflatedBytes,
  ) {}

  /** Charges `grow` more bytes to a stream that then holds `streamBytes`; false (and marked) when over a cap. */
  charge(grow: number, streamBytes: number): boolean {
    if (this.exceeded) return false;
    if (streamBytes > this.maxStream) this.exceeded = `one part inflates past ${mib(this.maxStream)}`;
    else if (this.total + grow > this.maxTotal) this.exceeded = `the file inflates past ${mib(this.maxTotal)}`;
    else {
      this.total += grow;
      return true;
    }
    return false;
  }

  /** Throws the editor's message when the budget was exceeded. */
  check(): void {
    if (this.exceeded) throw tooComplex(this.exceeded);
  }
}

function mib(n: number): string {
  return `${Math.round(n / (1024 * 1024))} MB`;
}

const active = new Set<InflateBudget>();

/** Runs `fn` with `budget` charged by every decoder of this thread (pdf.js runs its worker side in-thread). */
export async function withBudget<T>(budget: InflateBudget, fn: () => Promise<T>): Promise<T> {
  active.add(budget);
  try {
    return await fn();
  } finally {
    active.delete(budget);
  }
}

/** Charges the active budgets; false when any is over (the decoder must then stop). */
export function chargeActive(grow: number, streamBytes: number): boolean {
  let ok = true;
  for (const b of active) if (!b.charge(grow, streamBytes)) ok = false;
  return ok;
}
