import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans } from '@lingui/react/macro';
import { deviceMessages, type PairingAllowInput, type PendingPairing } from '@seva/shared';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { formatDateTime } from '../../lib/dates.ts';

const MINUTE_MS = 60_000;

/** The clock, read again every 15 seconds, so the age and the minutes left stay true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface PairingRequestProps {
  pending: PendingPairing;
  /** The code arrived in the page's link (?code=) rather than typed from the glasses. */
  fromLink: boolean;
  busy: 'allow' | 'deny' | null;
  /** Allows with the password; rejects with the server's refusal when the password was wrong (shown on the field). */
  onAllow: (password: string) => Promise<void>;
  onDeny: () => void;
}

/**
 * Step 2 of /pair: which glasses wait for the code, when they asked and how long is left, whether they asked from the
 * user's own network, a warning when the code came inside a link, and exactly what they will be able to do (the
 * server's words); then the password and 'Allow', or 'Deny' (RFC 8628 §5.4: remote phishing).
 */
export function PairingRequest({ pending, fromLink, busy, onAllow, onDeny }: PairingRequestProps) {
  const localise = useLocalise();
  const now = useNow();
  const form = useZodForm(() => import('../../lib/form-rules/pairing-allow.ts'), { defaultValues: { code: pending.code, password: '' } });
  const { register, formState } = form;
  const ago = Math.max(0, Math.floor((now - Date.parse(pending.requestedAt)) / MINUTE_MS));
  const left = Math.max(0, Math.ceil((Date.parse(pending.expiresAt) - now) / MINUTE_MS));

  // 'Allow' throws only a wrong password, which the form puts on its field.
  const submit = ({ password }: PairingAllowInput) => onAllow(password);

  return (
    <section className="card" aria-labelledby="pairing-request-heading">
      <h2 id="pairing-request-heading">
        <Trans>Glasses waiting to pair</Trans>
      </h2>
      {fromLink ? (
        <p className="notice notice-error">
          {localise(deviceMessages.codeFromLink)}
        </p>
      ) : null}
      <dl className="data-list pairing-details">
        <dt>
          <Trans>Glasses (the name they gave themselves)</Trans>
        </dt>
        <dd>{pending.deviceName}</dd>
        <dt>
          <Trans>Account they will join</Trans>
        </dt>
        <dd>{pending.account}</dd>
        <dt>{localise(deviceMessages.pairingCodeLabel)}</dt>
        <dd>{pending.code}</dd>
        <dt>
          <Trans>Requested</Trans>
        </dt>
        <dd>
          {formatDateTime(pending.requestedAt)} ({localise(deviceMessages.requestedAgo(ago))})
        </dd>
        <dt>
          <Trans>Time left</Trans>
        </dt>
        <dd>{localise(deviceMessages.minutesLeft(left))}</dd>
        <dt>
          <Trans>Network</Trans>
        </dt>
        <dd>
          {pending.network.sameAsYours ? localise(deviceMessages.sameNetwork) : <strong>{localise(deviceMessages.differentNetwork)}</strong>}
          <details className="network-range">
            <summary>
              <Trans>Details</Trans>
            </summary>
            {localise(deviceMessages.networkRange(pending.network.from))}
          </details>
        </dd>
      </dl>
      {/* The list follows its introduction unlabelled: a label would have a screen reader say the introduction twice. */}
      <p>
        <Trans>If you allow them, these glasses will be able to read or do exactly this, and nothing more:</Trans>
      </p>
      <ul>
        {pending.grants.map((grant) => (
          <li key={grant}>{localise(grant)}</li>
        ))}
      </ul>
      <p>
        <Trans>Allow only glasses you own and have with you. You can unpair them at any time on your profile.</Trans>
      </p>
      <Form form={form} onSubmit={submit} className="form">
        <PasswordField
          label={deviceMessages.passwordLabel}
          hint={deviceMessages.passwordHint}
          autoComplete="current-password"
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <div className="actions">
          <Button type="submit" busy={busy !== null}>
            {localise(deviceMessages.allow)}
          </Button>
          <Button type="button" variant="secondary" busy={busy !== null} onClick={onDeny}>
            {localise(deviceMessages.deny)}
          </Button>
        </div>
      </Form>
    </section>
  );
}
