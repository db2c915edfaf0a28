// A message as the editor reads it: the sentence from the wording table (electron/common/domain/wording.ts), and
// the technical sentence core wrote (an address, an exit code, an HTTP status) only inside a closed "Details"
// disclosure, for a colleague who supports the editor.
import { inEditorWords } from '../../../electron/common/domain/wording';

export function Words({
  text,
  detailOnly = false,
}: {
  text: string;
  /** Only the disclosure: the sentence is said around it. */ detailOnly?: boolean;
}) {
  const { text: said, detail } = inEditorWords(text);
  return (
    <>
      {detailOnly ? null : said}
      {detail ? (
        <details className="details" data-advanced="">
          <summary>Details</summary>
          <code>{detail}</code>
        </details>
      ) : null}
    </>
  );
}

/** The sentence alone, where a disclosure cannot go (a tooltip, an option). */
export const wordsText = (text: string): string => inEditorWords(text).text;
