// The Reviewers view's writes; core's change feed refetches the ledger reads they change.
import type { RequestOutput } from '../../../../electron/common/contract';
import { desk, errorText } from '../../platform/instance';

/** Takes an author record out of the person it was merged into; the person left and the new one. */
export async function splitAuthor(
  authorId: number,
): Promise<{ ok: true; value: RequestOutput<'ledger.split'> } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await desk().invoke('ledger.split', { authorId }) };
  } catch (err) {
    return { ok: false, error: errorText(err) };
  }
}
