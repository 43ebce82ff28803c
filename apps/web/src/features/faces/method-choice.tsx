import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/ui/button.tsx';
import { ConsentPanel } from './consent-panel.tsx';
import type { PhotoMethod } from './use-photo-check.ts';

/** What a photo that is kept needs first: the pictured person's consent (product §2). */
export interface Consent {
  given: boolean;
  onChange: (given: boolean) => void;
}

/**
 * The choice of camera or upload. With `consent`, the consent panel comes first and both stay disabled until it is
 * given; without (testing recognition, which keeps nothing), they are open at once.
 */
export function MethodChoice({ consent, heading, onChoose }: { consent?: Consent | undefined; heading?: string | undefined; onChoose: (method: PhotoMethod) => void }) {
  const blocked = consent !== undefined && !consent.given;
  return (
    <>
      {consent ? <ConsentPanel consent={consent.given} onChange={consent.onChange} /> : null}
      <section aria-labelledby="method-heading" className="card">
        <h2 id="method-heading" tabIndex={-1} data-step-heading>
          {heading ?? <Trans>Choose how to add the photo</Trans>}
        </h2>
        {blocked ? (
          <p id="consent-needed">
            <Trans>Give consent above to choose a method.</Trans>
          </p>
        ) : null}
        <div className="actions">
          <Button disabled={blocked} aria-describedby={blocked ? 'consent-needed' : undefined} onClick={() => onChoose('camera')}>
            <Trans>USE CAMERA</Trans>
          </Button>
          <Button disabled={blocked} aria-describedby={blocked ? 'consent-needed' : undefined} onClick={() => onChoose('upload')}>
            <Trans>UPLOAD IMAGE</Trans>
          </Button>
        </div>
      </section>
    </>
  );
}
