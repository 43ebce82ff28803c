import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { CONTACT_SUPPORT_ID, paths } from '../../lib/paths.ts';
import { LanguageControl } from '../../components/ui/language-control.tsx';

/**
 * The footer of every screen, signed in or not (GOV.UK's footer links): help, the accessibility statement and support.
 * 'Contact support' leads to the help page's contact section, which gives the operator's address and phone when set
 * and says whom else to ask when not, so the footer is the same everywhere (and in the prerendered pages). The
 * 'Language' control is here too, on every screen (issue #23).
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">
        <Trans>Support links</Trans>
      </h2>
      <ul>
        <li>
          <Link to={paths.help}><Trans>Help</Trans></Link>
        </li>
        <li>
          <Link to={paths.accessibility}><Trans>Accessibility statement</Trans></Link>
        </li>
        <li>
          <Link to={`${paths.help}#${CONTACT_SUPPORT_ID}`}><Trans>Contact support</Trans></Link>
        </li>
      </ul>
      <LanguageControl />
    </footer>
  );
}
