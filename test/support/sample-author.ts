// The service's sample author n, as the upload answers and the webhook bodies of the tests name them.
import type { Candidate } from '../../electron/common/service';

/** Author n's names and id: Ada{n} Lovelace{n}, with no middle name or suffix. */
export function sampleAuthor(
  authorId: number,
): Pick<Candidate, 'name' | 'first_name' | 'last_name' | 'middle_name' | 'suffix' | 'author_id'> {
  return {
    name: `Ada${authorId} Lovelace${authorId}`,
    first_name: `Ada${authorId}`,
    last_name: `Lovelace${authorId}`,
    middle_name: null,
    suffix: null,
    author_id: authorId,
  };
}
