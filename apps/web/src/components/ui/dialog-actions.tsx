import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { StatusRegion } from './status-region.tsx';

interface DialogActionsProps {
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

/**
 * The foot of every confirming dialog: its status, announced, then Cancel and the action, in that order (as Apple's
 * and Google's dialogs place them). A risky action (variant 'danger') is never the prominent button: Cancel is, and the
 * action is drawn in outline red.
 */
export function DialogActions({ confirmLabel, busyMessage, busy, failure, onConfirm, onCancel, variant = 'primary' }: DialogActionsProps) {
  const risky = variant === 'danger';
  return (
    <>
      <StatusRegion tone={failure ? 'error' : 'info'} message={failure ?? (busy ? busyMessage : null)} />
      <div className="actions">
        <Button variant={risky ? 'primary' : 'secondary'} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant={risky ? 'danger-outline' : variant} busy={busy} {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}>
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
