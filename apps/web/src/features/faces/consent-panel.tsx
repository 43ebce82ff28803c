import { Trans, useLingui } from '@lingui/react/macro';
import { accountMessages, GLASSES_SCOPES } from '@seva/shared';
import { useId, useState } from 'react';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

/** product §2 step 1: consent, and the UK GDPR disclaimer behind 'Show More', whose checkbox shares the same state. */
export function ConsentPanel({ consent, onChange }: { consent: boolean; onChange: (value: boolean) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const [expanded, setExpanded] = useState(false);
  const disclaimerId = useId();
  const consentLabel = t`I have the consent of the person in the photo (or I am that person) to store their face for recognition by my SEVA glasses.`;
  // What paired glasses may be allowed, and the profile's buttons, as the pairing page and the profile say them.
  const readScope = localise(GLASSES_SCOPES['faces:read']);
  const imagesScope = localise(GLASSES_SCOPES['faces:images']);
  const writeScope = localise(GLASSES_SCOPES['faces:write']);
  // Quoted here, not in the message: in a message an apostrophe before a placeholder would escape it (ICU).
  const downloadData = `'${localise(accountMessages.downloadData)}'`;
  const deleteAccount = `'${localise(accountMessages.deleteAccount)}'`;
  return (
    <section aria-labelledby="consent-heading" className="card">
      <h2 id="consent-heading">
        <Trans>Consent</Trans>
      </h2>
      <CheckboxField isSelected={consent} onChange={onChange} label={consentLabel} />
      <p>
        <button type="button" className="button button-link" aria-expanded={expanded} aria-controls={disclaimerId} onClick={() => setExpanded((v) => !v)}>
          {expanded ? t`Show Less` : t`Show More`}
        </button>
        <span className="visually-hidden">
          {' '}
          <Trans comment="Follows the button 'Show More' for screen readers: 'Show More about how we handle face photos (UK GDPR)'.">
            about how we handle face photos (UK GDPR)
          </Trans>
        </span>
      </p>
      <div id={disclaimerId} hidden={!expanded} className="disclaimer">
        <h3>
          <Trans>How SEVA handles face photos (UK GDPR)</Trans>
        </h3>
        <h4>
          <Trans>Purpose</Trans>
        </h4>
        <p>
          <Trans>
            We use the photo only to teach your SEVA glasses to recognise this person and tell you their name. We compute a face
            description (a list of 128 numbers) from it; we do not use it for advertising, profiling or any other purpose, and we
            do not share it with anyone else. While the camera is on, small frames go to the portal's server only to tell you where the face is,
            and a chosen photo is checked for one face and compared with your saved faces only to tell you at once whether it can
            be used and whether this person is already there; neither is kept.
          </Trans>
        </p>
        <h4>
          <Trans>Storage and security</Trans>
        </h4>
        <p>
          <Trans comment="{readScope}, {imagesScope} and {writeScope} are what paired glasses may be allowed, as the pairing page lists them, e.g. 'the pictures of your faces'.">
            The photo and its face description are kept on the SEVA portal's own server, linked to your account only. The photo
            is shown to nobody but you. The face description and the name also go to the SEVA glasses you pair with your
            account, so they can recognise this person: glasses get only what you allow when you pair them, with your
            password, and the pairing page and e-mail list it. By default that is {readScope}; glasses get
            the photo only if you allow them {imagesScope}, and can change faces only if you allow them to{' '}
            {writeScope}. Glasses you unpair, or that have not reached the portal for 180 days, get nothing
            more. Location and camera data in the photo are removed when it is stored. Access needs your signed-in session,
            or the access of glasses you paired, within what you allowed them.
          </Trans>
        </p>
        <h4>
          <Trans>Legal basis</Trans>
        </h4>
        <p>
          <Trans>
            A face description is biometric data, a special category under UK GDPR Article 9. We process it with the explicit
            consent of the person in the photo (Article 6(1)(a) and Article 9(2)(a)), which you confirm below on their behalf.
          </Trans>
        </p>
        <h4>
          <Trans>Retention</Trans>
        </h4>
        <p>
          <Trans>
            We keep the photo and its description until you delete the face. Deleting a face removes its photo and description
            together, straight away, and your paired glasses are told to forget it the next time they sync.
          </Trans>
        </p>
        <h4>
          <Trans>Your rights</Trans>
        </h4>
        <p>
          <Trans comment="{downloadData} and {deleteAccount} are the names of two buttons on the Profile page, in quotes.">
            You, and the person in the photo, may see, correct (rename) or delete the face at any time on the Face Recognition
            screen, withdraw consent by deleting it, and complain to the Information Commissioner's Office (ico.org.uk). To get
            a copy of all your data, these faces included (your rights of access and to data portability), use {downloadData} on
            your Profile page; to erase all of it with your account (your right to erasure), use {deleteAccount} there.
          </Trans>
        </p>
        <CheckboxField isSelected={consent} onChange={onChange} label={t`I have read this. ${consentLabel}`} />
      </div>
    </section>
  );
}
