import { desk, errorText } from '../platform/instance';

/** "Unavailable until" a day on a ledger person (null clears it); the error in the editor's words, or null. */
export async function setAvailability(personId: number, until: string | null): Promise<string | null> {
  try {
    await desk().invoke('ledger.setAvailability', { personId, until });
    return null;
  } catch (err) {
    return errorText(err);
  }
}
