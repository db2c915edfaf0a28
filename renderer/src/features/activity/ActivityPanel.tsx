// One panel of the Activity view: an icon, a heading that names the section for screen readers, a count
// chip, optional actions at the right of the head, then the panel's content.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function ActivityPanel(props: {
  id: string;
  icon: LucideIcon;
  title: string;
  count: ReactNode;
  countTestId?: string;
  className?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <section className={props.className ? `activity-panel ${props.className}` : 'activity-panel'} aria-labelledby={props.id}>
      <header className="panel-head">
        <Icon size={18} aria-hidden="true" />
        <h2 id={props.id}>{props.title}</h2>
        <span className="chip" data-testid={props.countTestId}>
          {props.count}
        </span>
        {props.actions ? (
          <>
            <span className="spacer" />
            {props.actions}
          </>
        ) : null}
      </header>
      {props.children}
    </section>
  );
}
