import { Trans } from '@lingui/react/macro';
import { LanguageControl } from '../../components/ui/language-control.tsx';

/**
 * /profile's 'Language' (issue #33): the footer's choice, where a user looks for their settings. `aboutEmails`: the
 * account keeps it for its e-mails too (a wearer's; a helper's choice is their browser's alone).
 */
export function LanguageSection({ aboutEmails }: { aboutEmails: boolean }) {
  return (
    <section className="card account-section" aria-labelledby="language-heading">
      <h2 id="language-heading">
        <Trans>Language</Trans>
      </h2>
      <p className="field-hint">
        {aboutEmails ? (
          <Trans>The portal speaks to you in the language you choose, and writes you e-mails in it.</Trans>
        ) : (
          <Trans>The portal speaks to you in the language you choose, in this browser.</Trans>
        )}
      </p>
      <LanguageControl labelledBy="language-heading" />
    </section>
  );
}
