import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { CONTACT_SUPPORT_ID, paths } from '../../lib/paths.ts';

/** When the portal was last tested as this statement says (update it with the statement): 26 November 2026. */
const LAST_REVIEWED = new Date(2026, 10, 26);

/**
 * /accessibility: the accessibility statement, laid out as GOV.UK's model statement is: what the statement covers,
 * how accessible the portal is, how to report a problem, the conformance status (WCAG 2.2 AA) with the known gaps, and
 * how it was tested.
 */
export function AccessibilityPage() {
  const { i18n } = useLingui();
  const report = `${paths.help}#${CONTACT_SUPPORT_ID}`;
  // '26 November 2026' in British English, '26 नवंबर 2026' in Hindi.
  const reviewed = i18n.date(LAST_REVIEWED, { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <>
      <PageHeading>
        <Trans>Accessibility statement for the SEVA portal</Trans>
      </PageHeading>
      <p>
        <Trans>
          This statement applies to the SEVA portal, where people who wear SEVA smart glasses and their helpers manage faces, emergency
          contacts, paired glasses and their account. SEVA glasses are made for people who are blind or partially sighted, so we want as
          many people as possible to be able to use this portal. For example, you should be able to:
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>zoom in up to 400% without the text spilling off the screen, and use it on a screen 320 pixels wide</Trans>
        </li>
        <li>
          <Trans>get to every part of the portal with a keyboard alone, and always see where the focus is</Trans>
        </li>
        <li>
          <Trans>use it with a screen reader (such as JAWS, NVDA or VoiceOver): every control is labelled and every change is announced</Trans>
        </li>
        <li>
          <Trans>read every text against its background at a contrast of at least 7 to 1</Trans>
        </li>
        <li>
          <Trans>stop the few pages that move on by themselves, such as &lsquo;Verification Sent&rsquo;</Trans>
        </li>
      </ul>

      <h2>
        <Trans>How accessible this portal is</Trans>
      </h2>
      <p>
        <Trans>We know some parts of this portal are not fully accessible:</Trans>
      </p>
      <ul>
        <li>
          <Trans>the user manuals on the Knowledge Base are PDF documents: their text can be read, but pictures in them have no description</Trans>
        </li>
        <li>
          <Trans>
            taking a face picture with the camera needs the face framed in view; the portal says in words how to move, but uploading a photo may
            be easier
          </Trans>
        </li>
        <li>
          <Trans>the QR codes on the Updates page are made for the glasses&apos; camera; the same download link is given as text beside each</Trans>
        </li>
      </ul>

      <h2>
        <Trans>Reporting accessibility problems with this portal</Trans>
      </h2>
      <p>
        <Trans>
          We are always looking to improve the accessibility of this portal. If you find a problem not listed on this page, or think we are
          not meeting accessibility requirements, <Link to={report}>contact support</Link> and tell us the page&apos;s address, what you
          tried to do and what assistive technology you use. If you need something on this portal in a different format, contact us too.
        </Trans>
      </p>

      <h2>
        <Trans>Technical information about this portal&apos;s accessibility</Trans>
      </h2>
      <h3>
        <Trans>Compliance status</Trans>
      </h3>
      <p>
        <Trans>
          This portal is partially compliant with the{' '}
          <a href="https://www.w3.org/TR/WCAG22/">Web Content Accessibility Guidelines version 2.2</a> AA standard, due to the
          non-compliance listed below.
        </Trans>
      </p>
      <h3>
        <Trans>Non-accessible content</Trans>
      </h3>
      <p>
        <Trans>
          Pictures and diagrams inside the user manual PDFs have no text alternative. This fails WCAG 2.2 success criterion 1.1.1
          (non-text content). We plan to publish each manual with descriptions of its pictures.
        </Trans>
      </p>

      <h2>
        <Trans>How we tested this portal</Trans>
      </h2>
      <p>
        <Trans>
          This statement was prepared on {reviewed}. Every screen is checked automatically with axe in the portal&apos;s tests, and the
          portal was last tried by hand on {reviewed} as a new user would: with a keyboard alone, and at 200% and 400% zoom.
        </Trans>
      </p>
    </>
  );
}
