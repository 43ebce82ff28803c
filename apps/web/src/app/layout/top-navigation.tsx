import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { actingForMessages, youAreHelping, type HelperSessionInfo } from '@seva/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { useHelper, useSignOutAndLeave } from '../../lib/session.ts';
import { featureForPath, NAV_ENTRIES } from '../navigation.ts';

/**
 * product §2's shared navigation: logo to the dashboard, six entries, a menu toggle on narrow screens, 'Current: {feature}';
 * then 'Sign Out', so it is one Tab or one menu away on every screen (issue #9). For a helper, the line 'You are
 * helping {wearer}' under it, with 'Switch' when they help several (issue #18). The open menu closes as a disclosure
 * does: on Esc (focus back on 'Menu') and when focus leaves the toggle and the menu.
 */
export function TopNavigation({ current }: { current?: string } = {}) {
  const { pathname } = useLocation();
  const { signOut, isPending } = useSignOutAndLeave();
  const [open, setOpen] = useState(false);
  const helper = useHelper();
  const { t } = useLingui();
  const localise = useLocalise();
  const feature = localise(current ?? featureForPath(pathname));
  useEffect(() => setOpen(false), [pathname]);
  const toggle = useRef<HTMLButtonElement>(null);
  // The header's own listeners, not react-aria's focus-within and keyboard hooks, which would put 8 KB (gzip) in
  // every page's first chunk.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const closeWhenFocusLeaves = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    element.addEventListener('focusout', closeWhenFocusLeaves);
    element.addEventListener('keydown', closeOnEscape);
    return () => {
      element.removeEventListener('focusout', closeWhenFocusLeaves);
      element.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);
  return (
    <header ref={header} className="site-header">
      <div className="site-header-bar">
        <Link to={paths.dashboard} className="brand" aria-label={t`SEVA home`}>
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>SEVA</span>
        </Link>
        <p className="current-feature">
          <Trans>Current: {feature}</Trans>
        </p>
        <button
          ref={toggle}
          type="button"
          className="button button-secondary menu-toggle"
          aria-expanded={open}
          aria-controls="main-navigation"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t`Close menu` : t`Menu`}
        </button>
      </div>
      <nav id="main-navigation" aria-label={t`Main`} className={open ? 'main-nav main-nav-open' : 'main-nav'}>
        <ul>
          {NAV_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} end={entry.to !== paths.faces}>
                {localise(entry.label)}
              </NavLink>
            </li>
          ))}
          <li className="main-nav-sign-out">
            <Button variant="link" className="main-nav-button" busy={isPending} onClick={signOut}>
              <Trans>Sign Out</Trans>
            </Button>
          </li>
        </ul>
      </nav>
      {helper?.actingFor ? <HelpingLine helper={helper} wearer={helper.actingFor.username} /> : null}
    </header>
  );
}

/** Whom a helper acts for, on every screen they see; 'Switch' leads to the choice when there is one. */
function HelpingLine({ helper, wearer }: { helper: HelperSessionInfo; wearer: string }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const switchWearer = localise(actingForMessages.switchWearer);
  return (
    <p className="helping-line">
      <span>{localise(youAreHelping(wearer))}</span>
      {helper.wearers.length > 1 ? (
        <Link to={paths.helperChoose} className="helping-switch" aria-label={t`${switchWearer} whom you are helping`}>
          {switchWearer}
        </Link>
      ) : null}
    </p>
  );
}
