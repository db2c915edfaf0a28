// A dialog in the middle of the window (Radix Dialog): title, a line that says what it is for, the
// content, and a close button in its corner; Escape or a click outside closes it, focus returns to what
// opened it. Buttons inside that close it wrap themselves in <Modal.Close asChild>.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export function Modal(props: {
  /** Controlled use: open and the handler; uncontrolled use: a trigger. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  className: string;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className={`dialog ${props.className}`}>
          <Dialog.Title>{props.title}</Dialog.Title>
          <Dialog.Description className="muted">{props.description}</Dialog.Description>
          {props.children}
          <Dialog.Close asChild>
            <button type="button" className="icon-button dialog-x" aria-label="Close">
              <X size={16} aria-hidden="true" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

Modal.Close = Dialog.Close;
