import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  acceptHeading,
  actingForMessages,
  helperMessages,
  messages,
  PASSWORD_MAX,
  type InvitationSummary,
} from '@seva/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useAcceptInvitation, type AcceptInvitationInput } from './api/accept-invitation.ts';
import { useDeclineInvitation } from './api/decline-invitation.ts';
import { useInvitation } from './api/inspect-invitation.ts';
import { HelperPowers } from './helper-powers.tsx';

const CHECKING_INVITATION = /*i18n*/ 'Checking your invitation…';
const INVITATION_HEADING = /*i18n*/ 'Helper invitation';
const DEAD_INVITATION_HEADING = /*i18n*/ 'This invitation cannot be used';
const DECLINED_HEADING = /*i18n*/ 'Invitation declined';

/**
 * /helper/accept?token=…, where the invitation e-mail leads (issue #18). The link is checked when the page opens: a
 * used, cancelled, declined or expired one says so at once. Otherwise 'Help {wearer} with their SEVA glasses', what a
 * helper can and cannot do, and the form: a new helper account ('Your name', 'Password', 'Confirm password'; the link
 * proves the address) or the existing account's 'Password'. 'Accept invitation' signs the helper in and goes to
 * /dashboard; 'Decline' ends the invitation.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const decline = useDeclineInvitation();

  if (decline.isSuccess) {
    return (
      <section aria-labelledby="declined-heading" className="card">
        <PageHeading id="declined-heading" focusKey="declined">
          {DECLINED_HEADING}
        </PageHeading>
        <StatusRegion tone="success" message={helperMessages.declined} />
        <p>
          <Trans>Nothing was set up. If you change your mind, ask for a new invitation.</Trans>
        </p>
      </section>
    );
  }
  const refusal = !token
    ? helperMessages.invitationInvalid
    : invitation.error instanceof ApiError && invitation.error.status < 500 && !invitation.error.isNetworkError
      ? invitation.error.message
      : null;
  if (refusal) return <DeadInvitation message={refusal} />;
  if (invitation.data) return <AcceptInvitation token={token} invitation={invitation.data} decline={decline} />;
  return (
    <section aria-labelledby="invitation-heading" className="card">
      <PageHeading id="invitation-heading" focusKey="checking" focusOnLoad>
        {INVITATION_HEADING}
      </PageHeading>
      <StatusRegion tone={invitation.isError ? 'error' : 'info'} message={invitation.isError ? invitation.error.message : CHECKING_INVITATION} />
      {invitation.isError ? (
        <Button variant="secondary" busy={invitation.isFetching} onClick={() => void invitation.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </section>
  );
}

function DeadInvitation({ message }: { message: string }) {
  const localise = useLocalise();
  return (
    <section aria-labelledby="dead-invitation-heading" className="card">
      <PageHeading id="dead-invitation-heading" focusKey="dead" focusOnLoad>
        {DEAD_INVITATION_HEADING}
      </PageHeading>
      <StatusRegion tone="error" message={message} />
      <p>
        <Trans>An invitation link works once and for 7 days. The person who invited you can send a new one from their profile.</Trans>
      </p>
      <p>
        <Link to={paths.helperSignIn}>{localise(actingForMessages.signInAsHelper)}</Link>
      </p>
    </section>
  );
}

function AcceptInvitation({ token, invitation, decline }: { token: string; invitation: InvitationSummary; decline: ReturnType<typeof useDeclineInvitation> }) {
  const wearer = invitation.wearer.username;
  const email = invitation.email;
  const { t } = useLingui();
  const localise = useLocalise();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  // Why accepting failed goes to the form's error summary (the form places it); why declining failed, to the screen's
  // live region.
  const [declineFailure, setDeclineFailure] = useState<string | null>(null);

  const send = async (input: Omit<AcceptInvitationInput, 'token'>) => {
    setDeclineFailure(null);
    await accept.mutateAsync({ token, ...input });
    navigate(paths.dashboard, { replace: true });
  };
  const onDecline = async () => {
    setDeclineFailure(null);
    try {
      await decline.mutateAsync(token);
    } catch (error) {
      setDeclineFailure(error instanceof Error ? error.message : messages.serverError);
    }
  };

  const status = declineFailure ?? (accept.isPending ? t`Accepting the invitation…` : decline.isPending ? t`Declining the invitation…` : null);
  return (
    <section aria-labelledby="accept-heading" className="card card-wide">
      <PageHeading id="accept-heading" focusKey="invitation" focusOnLoad>
        {acceptHeading(wearer)}
      </PageHeading>
      <p>
        <Trans>
          {wearer} would like you to help set up their SEVA glasses. You will use your own sign-in with your e-mail address, {email}: never their
          password. Everything you do is recorded as done by you, and either of you can end this at any time.
        </Trans>
      </p>
      <HelperPowers />
      <StatusRegion tone={declineFailure ? 'error' : 'info'} message={status} />
      {invitation.hasAccount ? (
        <ExistingAccountForm email={invitation.email} busy={accept.isPending} onSend={send} />
      ) : (
        <NewAccountForm email={invitation.email} name={invitation.helperName} busy={accept.isPending} onSend={send} />
      )}
      <div className="actions">
        <Button variant="secondary" busy={decline.isPending} onClick={() => void onDecline()}>
          {localise(helperMessages.decline)}
        </Button>
      </div>
    </section>
  );
}

type Send = (input: Omit<AcceptInvitationInput, 'token'>) => Promise<void>;
interface FormOf {
  email: string;
  busy: boolean;
  onSend: Send;
}

function NewAccountForm({ email, name, busy, onSend }: FormOf & { name: string }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const form = useZodForm(() => import('../../lib/form-rules/new-helper-account.ts'), { defaultValues: { name, password: '', confirmPassword: '' } });
  const { register, formState } = form;
  return (
    <Form form={form} onSubmit={onSend} className="form">
      <h2>
        <Trans>Create your helper account</Trans>
      </h2>
      <p>
        <Trans>You will sign in as a helper with {email} and this password.</Trans>
      </p>
      <TextField label={helperMessages.yourName} autoComplete="name" {...register('name')} error={formState.errors.name?.message} />
      <PasswordField label={t`Password`} autoComplete="new-password" maxLength={PASSWORD_MAX} hint={messages.passwordHint} {...register('password')} error={formState.errors.password?.message} />
      <PasswordField label={t`Confirm password`} autoComplete="new-password" maxLength={PASSWORD_MAX} {...register('confirmPassword')} error={formState.errors.confirmPassword?.message} />
      <Button type="submit" busy={busy}>
        {localise(helperMessages.accept)}
      </Button>
    </Form>
  );
}

function ExistingAccountForm({ email, busy, onSend }: FormOf) {
  const { t } = useLingui();
  const localise = useLocalise();
  const form = useZodForm(() => import('../../lib/form-rules/existing-helper-account.ts'), { defaultValues: { password: '' } });
  const { register, formState } = form;
  return (
    <Form form={form} onSubmit={onSend} className="form">
      <h2>
        <Trans>Sign in to your helper account</Trans>
      </h2>
      <p>
        <Trans>You already help someone with {email}. Enter the password of that helper account.</Trans>
      </p>
      <PasswordField label={t`Password`} autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
      <Button type="submit" busy={busy}>
        {localise(helperMessages.accept)}
      </Button>
    </Form>
  );
}
