import { deviceMessages, type PendingPairing } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';

/**
 * Step 2 of /pair: which glasses are waiting for the code and what they will read (the server's words), then 'Allow'
 * or 'Deny'. The code is shown again so the user can compare it with what the glasses say.
 */
export function PairingRequest({ pending, busy, onAllow, onDeny }: { pending: PendingPairing; busy: 'allow' | 'deny' | null; onAllow: () => void; onDeny: () => void }) {
  return (
    <section className="card" aria-labelledby="pairing-request-heading">
      <h2 id="pairing-request-heading">Glasses waiting to pair</h2>
      <dl className="data-list">
        <dt>Glasses</dt>
        <dd>{pending.deviceName}</dd>
        <dt>{deviceMessages.pairingCodeLabel}</dt>
        <dd>{pending.code}</dd>
      </dl>
      <p id="pairing-grants-intro">If you allow them, these glasses will read:</p>
      <ul aria-labelledby="pairing-grants-intro">
        {pending.grants.map((grant) => (
          <li key={grant}>{grant}</li>
        ))}
      </ul>
      <p>Allow only glasses you own and have with you. You can unpair them at any time on your profile.</p>
      <div className="actions">
        <Button busy={busy !== null} onClick={onAllow}>
          {deviceMessages.allow}
        </Button>
        <Button variant="secondary" busy={busy !== null} onClick={onDeny}>
          {deviceMessages.deny}
        </Button>
      </div>
    </section>
  );
}
