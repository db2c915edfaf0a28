import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

/** An empty view that says what to do next. */
export function EmptyState({ title, next, children }: { title: string; next: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <Inbox size={28} aria-hidden="true" />
      <p className="empty-title">{title}</p>
      <p className="muted">{next}</p>
      {children}
    </div>
  );
}
