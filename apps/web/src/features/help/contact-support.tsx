import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { CONTACT_SUPPORT_ID, paths } from '../../lib/paths.ts';
import { useSupportContact } from './api/get-support-contact.ts';

/** The digits and + of a phone number as written, for a tel: link. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Where every footer's 'Contact support' leads: the operator's SUPPORT_EMAIL and SUPPORT_PHONE, each only when set.
 * With neither (or while they cannot be fetched) the section still says whom to ask, so the link never leads nowhere.
 */
export function ContactSupport() {
  const { data, isPending } = useSupportContact();
  const { email, phone } = data ?? {};
  return (
    <section aria-labelledby={CONTACT_SUPPORT_ID} className="help-section">
      <h2 id={CONTACT_SUPPORT_ID} tabIndex={-1}>
        <Trans>Contact support</Trans>
      </h2>
      {email || phone ? (
        <>
          <p>
            <Trans>If the answers on this page do not help, contact the SEVA support team. Tell us your username, never your password.</Trans>
          </p>
          <ul>
            {email ? (
              <li>
                <Trans>
                  Email: <a href={`mailto:${email}`}>{email}</a>
                </Trans>
              </li>
            ) : null}
            {phone ? (
              <li>
                <Trans>
                  Phone: <a href={telHref(phone)}>{phone}</a>
                </Trans>
              </li>
            ) : null}
          </ul>
        </>
      ) : isPending ? null : (
        <p>
          <Trans>This portal has no support contact set up. Ask the organisation that gave you your SEVA glasses and license ID.</Trans>
        </p>
      )}
      <p>
        <Trans>
          To report a problem with the accessibility of this portal, see the <Link to={paths.accessibility}>accessibility statement</Link>.
        </Trans>
      </p>
    </section>
  );
}
