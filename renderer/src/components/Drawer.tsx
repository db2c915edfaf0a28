// A sheet over the right edge of the window (Radix Dialog): it never narrows what is under it; Escape,
// the close button or a click on the dimmed rest closes it, and focus returns to what opened it.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export function Drawer(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The sheet's accessible name (what it is, not whom: "Candidate details"). */
  label: string;
  /** The close button's accessible name. */
  closeLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay light" />
        <Dialog.Content
          className={props.className ? `drawer ${props.className}` : 'drawer'}
          aria-label={props.label}
          aria-describedby={undefined}
        >
          <header className="drawer-head">
            <Dialog.Title>{props.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={props.closeLabel}>
                <X size={16} aria-hidden="true" />
              </button>
            </Dialog.Close>
          </header>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
