import { Trans, useLingui } from '@lingui/react/macro';
import { deviceMessages, scopeWords, type PairedDevice } from '@seva/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ResultBanner } from '../../components/ui/result-banner.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { paths } from '../../lib/paths.ts';
import type { ResultPlace } from '../../lib/use-action-result.ts';
import { useDevices } from './api/get-devices.ts';
import { UnpairGlassesDialog } from './unpair-glasses-dialog.tsx';

/**
 * /profile's 'Paired glasses' (issue #10): each pair of glasses with when it was paired and last seen ('Never' before
 * its first call with its token), and 'Unpair' (named with the glasses), confirmed in a dialog. What was unpaired is
 * said below the list, and takes focus, as the row is gone (D-077).
 * The pairing e-mail's "This wasn't me" link (`/profile?unpair=<id>`) opens that dialog for those glasses at once.
 */
export function PairedGlassesSection({ result }: { result: ResultPlace }) {
  const localise = useLocalise();
  const devices = useDevices();
  const [unpairing, setUnpairing] = useState<PairedDevice | null>(null);
  const [params] = useSearchParams();
  const askedToUnpair = params.get('unpair');
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !askedToUnpair || !devices.data) return;
    asked.current = true;
    const device = devices.data.find((d) => d.id === askedToUnpair);
    if (device) setUnpairing(device);
  }, [askedToUnpair, devices.data]);

  const loadFailure = devices.error?.message;
  return (
    <section className="card paired-glasses" aria-labelledby="paired-glasses-heading">
      <h2 id="paired-glasses-heading">
        {localise(deviceMessages.pairedGlassesHeading)}
      </h2>
      {devices.isPending ? (
        <p>
          <Trans>Loading your paired glasses…</Trans>
        </p>
      ) : null}
      {devices.isError ? (
        <>
          <p className="field-error">
            <Trans>Your paired glasses could not be loaded: {loadFailure}</Trans>
          </p>
          <Button variant="secondary" busy={devices.isFetching} onClick={() => void devices.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : null}
      <ResultBanner result={result.shown} />
      {devices.data?.length === 0 ? (
        <>
          <p>{localise(deviceMessages.noDevices)}</p>
          <p>
            <Link to={paths.pair}>
              <Trans>Pair your glasses</Trans>
            </Link>
          </p>
        </>
      ) : null}
      {devices.data?.length ? (
        <>
          <ul className="device-list">
            {devices.data.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                onUnpair={() => {
                  result.clear();
                  setUnpairing(device);
                }}
              />
            ))}
          </ul>
          <p>
            <Link to={paths.pair}>
              <Trans>Pair other glasses</Trans>
            </Link>
          </p>
        </>
      ) : null}
      <UnpairGlassesDialog
        device={unpairing}
        isLast={devices.data?.length === 1}
        onClose={() => setUnpairing(null)}
        onUnpaired={(message) => {
          setUnpairing(null);
          result.show(message);
        }}
      />
    </section>
  );
}

function DeviceRow({ device, onUnpair }: { device: PairedDevice; onUnpair: () => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const name = device.name;
  return (
    <li className="device">
      <h3 className="device-name">{device.name}</h3>
      <dl className="data-list">
        <dt>
          <Trans>Paired</Trans>
        </dt>
        <dd>
          <time dateTime={device.pairedAt}>{formatDateTime(device.pairedAt)}</time>
        </dd>
        <dt>
          <Trans>Last seen</Trans>
        </dt>
        <dd>{device.lastSeenAt ? <time dateTime={device.lastSeenAt}>{formatDateTime(device.lastSeenAt)}</time> : localise(deviceMessages.never)}</dd>
        <dt>
          <Trans>Allowed</Trans>
        </dt>
        <dd>
          <ul>
            {scopeWords(device.scopes).map((words) => (
              <li key={words}>{localise(words)}</li>
            ))}
          </ul>
        </dd>
      </dl>
      <Button variant="secondary" aria-label={t`Unpair ${name}`} onClick={onUnpair}>
        {localise(deviceMessages.unpair)}
      </Button>
    </li>
  );
}
