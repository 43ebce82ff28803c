import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageHeading } from '../ui/page-heading.tsx';
import { StatusRegion } from '../ui/status-region.tsx';

/** 'Password changed', once a reset link's new password is saved: what the server or the page says, and where to sign in. */
export function PasswordChanged({ message, signIn }: { message: string; signIn: ReactNode }) {
  return (
    <section aria-labelledby="reset-done-heading" className="card">
      <PageHeading id="reset-done-heading" focusKey="done" focusOnLoad>
        <Trans>Password changed</Trans>
      </PageHeading>
      <StatusRegion tone="success" message={message} />
      <p>{signIn}</p>
    </section>
  );
}
