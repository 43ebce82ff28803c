import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { StatusRegion } from './status-region.tsx';

export interface DialogActionsProps {
  /** What the confirm button says. */
  confirmLabel: ReactNode;
  /** What the status region says while the action runs ('Deleting…'). */
  busyMessage: string;
  busy: boolean;
  /** Why the action failed, announced in place of the busy message. */
  failure: string | null;
  /** A form's submit button when omitted; otherwise runs on press. */
  onConfirm?: () => void;
  onCancel: () => void;
  variant?: ButtonProps['variant'];
}

/** The foot of every confirming dialog: its status, announced, then the action and Cancel. */
export function DialogActions({ confirmLabel, busyMessage, busy, failure, onConfirm, onCancel, variant = 'primary' }: DialogActionsProps) {
  return (
    <>
      <StatusRegion tone={failure ? 'error' : 'info'} message={failure ?? (busy ? busyMessage : null)} />
      <div className="actions">
        <Button variant={variant} busy={busy} {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
