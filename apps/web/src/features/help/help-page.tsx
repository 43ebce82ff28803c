import { Trans, useLingui } from '@lingui/react/macro';
import { helperMay, helperMayNot, INVITATION_DAYS, MAX_HELPERS } from '@seva/shared';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { CONTACT_SUPPORT_ID, PAIRING_HELP_ID, paths } from '../../lib/paths.ts';
import { ContactSupport } from './contact-support.tsx';

/** The glasses' pairing code lives this long (the portal's device grant, RFC 8628 `expires_in`). */
const CODE_MINUTES = 10;

/**
 * /help, for anyone, signed in or not: the questions new users ask, the first being how to get a pairing code from
 * the glasses (what the glasses' reference client does: it asks the portal for a code, says it with the address of
 * /pair, and waits until the code is allowed there), then how to reach support.
 */
export function HelpPage() {
  const { t } = useLingui();
  const localise = useLocalise();
  const { hash } = useLocation();
  // A link to one answer ('Contact support' in the footer, /pair's link): focus it, after the page heading took focus.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.focus();
  }, [hash]);
  return (
    <>
      <PageHeading>
        <Trans>Help</Trans>
      </PageHeading>
      <p>
        <Trans>Answers to the questions people ask most about the SEVA portal and their SEVA glasses.</Trans>
      </p>
      <nav aria-label={t`Questions on this page`}>
        <ul>
          <li>
            <a href={`#${PAIRING_HELP_ID}`}>
              <Trans>How do I get a pairing code from my glasses?</Trans>
            </a>
          </li>
          <li>
            <a href="#helpers">
              <Trans>What is a helper for?</Trans>
            </a>
          </li>
          <li>
            <a href="#signing-in">
              <Trans>I cannot sign in</Trans>
            </a>
          </li>
          <li>
            <a href={`#${CONTACT_SUPPORT_ID}`}>
              <Trans>Contact support</Trans>
            </a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby={PAIRING_HELP_ID} className="help-section">
        <h2 id={PAIRING_HELP_ID} tabIndex={-1}>
          <Trans>How do I get a pairing code from my glasses?</Trans>
        </h2>
        <p>
          <Trans>
            Your glasses work with your account once they are paired: then they recognise the faces you add here, know your emergency contacts
            and install the features on the Updates page.
          </Trans>
        </p>
        <ol>
          <li>
            <Trans>
              Start pairing on your glasses: give them the pair command. They ask this portal for a code and say it aloud: 8 letters and digits,
              like KXRT-7M4P, with the address of the portal&apos;s pairing page.
            </Trans>
          </li>
          <li>
            <Trans>
              Sign in here with your license ID and open <Link to={paths.pair}>Pair your glasses</Link>, or the address the glasses gave you.
            </Trans>
          </li>
          <li>
            <Trans>Type the code. Capitals, spaces and the dash are optional.</Trans>
          </li>
          <li>
            <Trans>
              Check that the glasses named on the screen are yours, then choose &lsquo;Allow&rsquo;. The glasses finish pairing by themselves
              within a few seconds, and we send you the e-mail &lsquo;New glasses paired with your SEVA account&rsquo;.
            </Trans>
          </li>
        </ol>
        <p>
          <Trans>
            A code works once, for {CODE_MINUTES} minutes. If it has run out, start pairing on the glasses again and they say a new one. Only
            the person who wears the glasses can pair them, signed in with their own license ID; a helper cannot. To stop glasses using your
            account, choose &lsquo;Unpair&rsquo; under &lsquo;Paired glasses&rsquo; on your Profile.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="helpers" className="help-section">
        <h2 id="helpers">
          <Trans>What is a helper for?</Trans>
        </h2>
        <p>
          <Trans>
            A helper is someone you trust, such as a relative, a friend or a carer, who looks after some of your SEVA settings for you. They
            sign in with their own e-mail and password, so you never share yours. Invite a helper from your Profile: they get an e-mail with a
            link that works for {INVITATION_DAYS} days. You can have up to {MAX_HELPERS} helpers.
          </Trans>
        </p>
        <p>
          <Trans>A helper can:</Trans>
        </p>
        <ul>
          {helperMay.map((item) => (
            <li key={item}>{localise(item)}</li>
          ))}
        </ul>
        <p>
          <Trans>A helper cannot:</Trans>
        </p>
        <ul>
          {helperMayNot.map((item) => (
            <li key={item}>{localise(item)}</li>
          ))}
        </ul>
        <p>
          <Trans>You can remove a helper on your Profile at any time, and a helper can stop helping; either takes effect straight away.</Trans>
        </p>
      </section>

      <section aria-labelledby="signing-in" className="help-section">
        <h2 id="signing-in">
          <Trans>I cannot sign in</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              Forgotten your password? Choose <Link to={paths.forgotPassword}>Forgot password?</Link> and we e-mail you a link to choose a new
              one. Helpers use the <Link to={paths.helperForgotPassword}>helper password reset</Link>.
            </Trans>
          </li>
          <li>
            <Trans>
              Not verified your e-mail address yet? Sign in with your license ID and password, and the portal offers to send the verification
              e-mail again. Each link works for 24 hours.
            </Trans>
          </li>
          <li>
            <Trans>
              After too many wrong passwords, signing in is paused for a while to protect your account: wait, then try again, or reset your
              password.
            </Trans>
          </li>
        </ul>
      </section>

      <ContactSupport />
    </>
  );
}
