import {
  COUNTRIES,
  countryByName,
  maxPhoneLength,
  messages,
  PASSWORD_MAX,
  sanitisePhoneDigits,
  SIGNUP_DEFAULT_COUNTRY_CODE,
  signUpSchema,
  type SignUpInput,
} from '@seva/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { paths } from '../../lib/paths.ts';
import { COUNTRY_OPTIONS, digitsOnly } from '../../lib/phone-digits.ts';
import { useDelayedRedirect } from '../../lib/use-delayed-redirect.ts';
import { useSignUp } from './api/sign-up.ts';
import { placeServerError } from './server-error.ts';

/** SPEC §9: the 'Verification Sent' view stays 5 seconds before /login. */
export const SIGNUP_REDIRECT_MS = 5000;
const FIELDS = ['username', 'email', 'countryCode', 'phoneNumber', 'licenseId', 'password', 'confirmPassword'] as const;
const DEFAULT_COUNTRY = COUNTRIES.find((c) => c.code === SIGNUP_DEFAULT_COUNTRY_CODE)?.name ?? '';
const SENT_NOTICE = 'Verification Sent. Open the link in the e-mail we sent you, then sign in.';

/** /signup: 'Create Account' (SPEC §2, §4, §5). */
export function SignupPage() {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [countryName, setCountryName] = useState(DEFAULT_COUNTRY);
  const form = useZodForm(signUpSchema, {
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
  const { register, setError, setValue, getValues, watch, formState } = form;
  useDelayedRedirect(sentTo !== null, paths.login, SIGNUP_REDIRECT_MS, { notice: SENT_NOTICE });
  const countryCode = watch('countryCode');

  const onSubmit = async (input: SignUpInput) => {
    setFailure(null);
    try {
      await signUp.mutateAsync(input);
      setSentTo(input.email);
    } catch (error) {
      setFailure(placeServerError(error, FIELDS, setError, messages.registrationFailed));
    }
  };

  if (sentTo) {
    return (
      <section aria-labelledby="sent-heading" className="card">
        <PageHeading id="sent-heading" focusKey="sent">
          Verification Sent
        </PageHeading>
        <StatusRegion tone="success" message={`We sent a verification link to ${sentTo}. Taking you to sign in in 5 seconds.`} />
        <p>Open the link in that e-mail to verify your address, then sign in with your license ID. The link expires in 24 hours.</p>
        <p>
          <Link to={paths.login} replace state={{ notice: SENT_NOTICE }}>
            Sign In now
          </Link>
        </p>
      </section>
    );
  }

  const busy = formState.isSubmitting;
  const errors = formState.errors;
  return (
    <section aria-labelledby="signup-heading" className="card card-wide">
      <PageHeading id="signup-heading">Create Account</PageHeading>
      <p>Register your SEVA glasses with your license ID. All fields are required.</p>
      <StatusRegion tone={failure ? 'error' : 'info'} message={failure ?? (busy ? 'Creating your account…' : null)} />
      <Form form={form} onSubmit={onSubmit} className="form form-two-columns">
        <TextField label="Username" autoComplete="username" {...register('username')} error={errors.username?.message} />
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <SelectField
          label="Country code"
          options={COUNTRY_OPTIONS}
          value={countryName}
          error={errors.countryCode?.message}
          onChange={(event) => {
            const country = countryByName(event.target.value);
            setCountryName(event.target.value);
            setValue('countryCode', country?.code ?? '', { shouldValidate: formState.isSubmitted });
            setValue('phoneNumber', sanitisePhoneDigits(getValues('phoneNumber'), country?.code ?? ''), {
              shouldValidate: formState.isSubmitted,
            });
          }}
        />
        <TextField
          label="Phone number"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="Digits only, without the country code."
          maxLength={maxPhoneLength(countryCode)}
          {...digitsOnly(register('phoneNumber'), countryCode)}
          error={errors.phoneNumber?.message}
        />
        <TextField label="License ID" autoComplete="off" spellCheck={false} {...register('licenseId')} error={errors.licenseId?.message} />
        <span aria-hidden="true" className="grid-spacer" />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={messages.passwordHint}
          {...register('password')}
          error={errors.password?.message}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {busy ? 'CREATING ACCOUNT' : 'CREATE ACCOUNT'}
          </Button>
        </div>
      </Form>
      <p>
        Already registered? <Link to={paths.login}>Sign In</Link>
      </p>
    </section>
  );
}
