import { Link } from 'react-router';
import { CONTACT_SUPPORT_ID, paths } from '../../lib/paths.ts';

/**
 * The footer of every screen, signed in or not (GOV.UK's footer links): help, the accessibility statement and support.
 * 'Contact support' leads to the help page's contact section, which gives the operator's address and phone when set
 * and says whom else to ask when not, so the footer is the same everywhere (and in the prerendered pages).
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">Support links</h2>
      <ul>
        <li>
          <Link to={paths.help}>Help</Link>
        </li>
        <li>
          <Link to={paths.accessibility}>Accessibility statement</Link>
        </li>
        <li>
          <Link to={`${paths.help}#${CONTACT_SUPPORT_ID}`}>Contact support</Link>
        </li>
      </ul>
    </footer>
  );
}
