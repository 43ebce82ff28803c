import { Trans, useLingui } from '@lingui/react/macro';
import { deviceMessages, EMERGENCY_CALLING_STOPS, fill, type PairedDevice } from '@seva/shared';
import { useState } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useUnpairDevice } from './api/unpair-device.ts';
import { DialogActions } from '../../components/ui/dialog-actions.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

/** Said in the dialog's status region, in the page's language (localise). */
export const unpairFailedMessage = (message: string) => fill(/*i18n*/ 'Failed to unpair the glasses: {message}', { message });

const CONSEQUENCE_ID = 'unpair-glasses-consequence';

/**
 * Unpairing is confirmed first, in an alert dialog that names the glasses and what changes; its 'Unpair' button is
 * the destructive one, 'Cancel' leaves everything as it was. A failure is said inside the dialog.
 */
export function UnpairGlassesDialog({
  device,
  isLast = false,
  onClose,
  onUnpaired,
}: {
  device: PairedDevice | null;
  /** The account's last glasses: the dialog says first that emergency calling stops (issue #21). */
  isLast?: boolean;
  onClose: () => void;
  onUnpaired: (message: string) => void;
}) {
  const { t } = useLingui();
  const name = device?.name;
  return (
    <ModalDialog title={device ? t`Unpair ${name}?` : t`Unpair glasses?`} role="alertdialog" isOpen={device !== null} onClose={onClose} describedBy={CONSEQUENCE_ID}>
      {device ? <UnpairConfirm device={device} isLast={isLast} onCancel={onClose} onUnpaired={onUnpaired} /> : null}
    </ModalDialog>
  );
}

function UnpairConfirm({ device, isLast, onCancel, onUnpaired }: { device: PairedDevice; isLast: boolean; onCancel: () => void; onUnpaired: (message: string) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const unpair = useUnpairDevice();
  const name = device.name;
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      onUnpaired((await unpair.mutateAsync(device)).message);
    } catch (error) {
      setFailure(unpairFailedMessage(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <>
      <div id={CONSEQUENCE_ID}>
        {isLast ? (
          <p className="warning-text">
            {localise(EMERGENCY_CALLING_STOPS)} <Trans>These are your only paired glasses.</Trans>
          </p>
        ) : null}
        {/* What unpairing does, said before it is done. */}
        <p>{t`${name} will lose access to your account at once: they can no longer read your faces, emergency contacts or feature links. To use them again, pair them again.`}</p>
      </div>
      <DialogActions variant="danger" confirmLabel={localise(deviceMessages.unpair)} busyMessage={t`Unpairing…`} busy={unpair.isPending} failure={failure} onConfirm={confirm} onCancel={onCancel} />
    </>
  );
}
