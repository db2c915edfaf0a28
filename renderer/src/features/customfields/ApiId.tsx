// A service id (a UUID as a rule) on one line: its start gives way to an ellipsis when the column is
// narrow, its last 12 characters (where two ids of one organization differ) always show. The whole id
// stays in the text (screen readers, search, copy by selection), shows in a tip on hover or focus, and
// its copy button puts it on the clipboard.
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

const TAIL = 12;

export function ApiId({ id, of }: { id: string; /** What the id names, for the copy button ("the field Notes"). */ of: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  const cut = id.length > TAIL + 4;
  return (
    <span className="api-id" data-full={id}>
      <code>
        {cut ? (
          <>
            <span className="id-head">{id.slice(0, -TAIL)}</span>
            <span className="id-tail">{id.slice(-TAIL)}</span>
          </>
        ) : (
          id
        )}
      </code>
      <button
        type="button"
        className="icon-button"
        aria-label={`Copy the id of ${of}`}
        onClick={() => void navigator.clipboard.writeText(id).then(() => setCopied(true))}
      >
        {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      </button>
      <span className="sr-only" role="status">
        {copied ? 'Copied' : ''}
      </span>
    </span>
  );
}
