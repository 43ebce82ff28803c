import { Trans } from '@lingui/react/macro';

export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      <Trans>Skip to main content</Trans>
    </a>
  );
}
