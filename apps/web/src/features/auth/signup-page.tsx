import { messages, PASSWORD_MAX, SIGNUP_DEFAULT_COUNTRY_CODE, signUpCountryFor, type SignUpInput } from '@seva/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { paths } from '../../lib/paths.ts';
import type { LoginState } from '../../lib/session.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useSignUp } from './api/sign-up.ts';

/** product §9: the 'Verification Sent' view stays 5 seconds before /login. */
const SIGNUP_REDIRECT_SECONDS = 5;

/** /signup: 'Create Account' (product §2, §4, §5). */
export function SignupPage() {
  const { t } = useLingui();
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(() => import('../../lib/form-rules/sign-up.ts'), {
    fallbackFailure: messages.registrationFailed,
    defaultValues: {
      username: '',
      email: '',
      countryCode: SIGNUP_DEFAULT_COUNTRY_CODE,
      phoneNumber: '',
      licenseId: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { register, watch, formState } = form;
  // The page is prerendered at SPEC's +1; once the app runs, the browser's region decides, unless the user has chosen.
  useEffect(() => {
    if (!form.getFieldState('countryCode').isDirty) form.setValue('countryCode', signUpCountryFor(navigator.languages));
  }, [form]);

  const onSubmit = async (input: SignUpInput) => {
    await signUp.mutateAsync(input);
    setSentTo(input.email);
  };

  if (sentTo) return <VerificationSent email={sentTo} />;

  const busy = form.sending;
  const errors = formState.errors;
  return (
    <section aria-labelledby="signup-heading" className="card card-wide">
      <PageHeading id="signup-heading">
        <Trans>Create Account</Trans>
      </PageHeading>
      <p>
        <Trans>Register your SEVA glasses with your license ID. All fields are required.</Trans>
      </p>
      <StatusRegion message={busy ? t`Creating your account…` : null} />
      <Form form={form} onSubmit={onSubmit} className="form form-two-columns">
        <TextField label={t`Username`} autoComplete="username" {...register('username')} error={errors.username?.message} />
        <TextField label={t`Email`} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <PhoneField
          country={register('countryCode', { deps: ['phoneNumber'] })}
          number={register('phoneNumber')}
          countryCode={watch('countryCode')}
          phoneText={watch('phoneNumber')}
          countryError={errors.countryCode?.message}
          numberError={errors.phoneNumber?.message}
          autoComplete="tel"
          required
        />
        <TextField label={t`License ID`} autoComplete="off" spellCheck={false} {...register('licenseId')} error={errors.licenseId?.message} />
        <span aria-hidden="true" className="grid-spacer" />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={messages.passwordHint}
          {...register('password')}
          error={errors.password?.message}
        />
        <PasswordField
          label={t`Confirm password`}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {busy ? t`Creating account…` : t`Create account`}
          </Button>
        </div>
      </Form>
      <p>
        <Trans>
          Already registered? <Link to={paths.login}>Sign In</Link>
        </Trans>
      </p>
    </section>
  );
}

/**
 * product §2: 'Verification Sent', then /login after 5 seconds. The seconds count down on screen, and 'Stay on this
 * page' turns the redirect off (WCAG 2.2.1); focus then goes to the link that signs in when the user is ready. Only
 * the countdown writes a number of seconds, so what is announced never disagrees with what is shown.
 */
function VerificationSent({ email }: { email: string }) {
  const { t } = useLingui();
  const toLogin: LoginState = { notice: t`Verification Sent. Open the link in the e-mail we sent you, then sign in.` };
  const navigate = useNavigate();
  const signIn = useRef<HTMLAnchorElement>(null);
  const countdown = useCountdown(SIGNUP_REDIRECT_SECONDS, true, () => navigate(paths.login, { replace: true, state: toLogin }));
  useEffect(() => {
    if (countdown.stopped) signIn.current?.focus();
  }, [countdown.stopped]);
  const { remaining } = countdown;
  // The status region arrives with this view. Screen readers say only what changes in a region the browser has
  // already passed on, once a frame: it is drawn empty, and given its words a frame later.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const sent = countdown.stopped
    ? t`We sent a verification link to ${email}. You will stay on this page.`
    : t`We sent a verification link to ${email}. Unless you choose 'Stay on this page', you will go to sign in.`;
  return (
    <section aria-labelledby="sent-heading" className="card">
      <PageHeading id="sent-heading" focusKey="sent">
        <Trans>Verification Sent</Trans>
      </PageHeading>
      <StatusRegion
        tone="success"
        message={drawn ? sent : null}
      />
      {countdown.stopped ? null : (
        <div className="countdown">
          <p>
            <Trans>
              Going to sign in in <span className="countdown-seconds">{remaining}</span> <Plural value={remaining} one="second" other="seconds" />.
            </Trans>
          </p>
          <Button variant="secondary" onClick={countdown.stop}>
            <Trans>Stay on this page</Trans>
          </Button>
        </div>
      )}
      <p>
        <Trans>Open the link in that e-mail to verify your address, then sign in with your license ID. The link expires in 24 hours.</Trans>
      </p>
      <p>
        <Link ref={signIn} to={paths.login} replace state={toLogin}>
          <Trans>Sign in now</Trans>
        </Link>
      </p>
    </section>
  );
}
