import { fill } from './localise.ts';
/** User-visible strings quoted by SPEC.md, verbatim, plus the few this product adds. One copy for form and server. */
export const PRODUCT_NAME = 'SEVA';

export const messages = {
  // product §5: sign-in
  licenseIdRequired: /*i18n*/ 'License ID required',
  passwordRequired: /*i18n*/ 'Password required',
  // product §5: sign-up
  usernameRequired: /*i18n*/ 'Username required',
  minimum3: /*i18n*/ 'Minimum 3 characters',
  emailRequired: /*i18n*/ 'Email required',
  invalidEmail: /*i18n*/ 'Invalid email address',
  required: /*i18n*/ 'Required',
  phoneRequired: /*i18n*/ 'Phone required',
  invalidPhone: /*i18n*/ 'Invalid phone number',
  minimum8: /*i18n*/ 'Minimum 8 characters',
  passwordComposition: /*i18n*/ 'Must include uppercase, lowercase, number & symbol',
  confirmationRequired: /*i18n*/ 'Confirmation required',
  passwordsMustMatch: /*i18n*/ 'Passwords must match',
  // product §5: reset
  resetEmailRequired: /*i18n*/ 'Please enter your email',
  // product §8: sign-in
  invalidCredentials: /*i18n*/ 'Invalid credentials',
  accountConfigurationError: /*i18n*/ 'Account configuration error',
  invalidPassword: /*i18n*/ 'Invalid password',
  tooManyAttempts: /*i18n*/ 'Too many attempts. Please try again later',
  authenticationFailed: /*i18n*/ 'Authentication failed',
  // product §8: reset
  noAccountWithEmail: /*i18n*/ 'No account found with this email',
  resetInvalidEmail: /*i18n*/ 'Please enter a valid email',
  resetFailed: /*i18n*/ 'Failed to send reset email',
  resetMailsSent: /*i18n*/ 'We have already sent 3 password reset e-mails to this address in the last hour. Use the newest one, or ask again later.',
  // product §8: sign-up
  emailAlreadyRegistered: /*i18n*/ 'Email already registered',
  licenseIdAlreadyRegistered: /*i18n*/ 'License ID already registered',
  /** A closed account's license ID stays its own while it can be restored (D-072); the dates are `longDate`'s. */
  licenseIdOfClosedAccount: (closedDate: string, untilDate: string) =>
    fill(/*i18n*/ 'This license ID belongs to an account that was closed on {closedDate}. It can be restored until {untilDate}.', { closedDate, untilDate }),
  emailInUse: /*i18n*/ 'Email already in use',
  passwordTooWeak: /*i18n*/ 'Password too weak',
  registrationFailed: /*i18n*/ 'Registration failed',
  // Added by this product (SPEC is silent)
  passwordHint: /*i18n*/ 'At least 8 characters, with uppercase, lowercase, a number and one of ! @ # $ % ^ & *.',
  maximumLength: (n: number) => fill(/*i18n*/ 'Maximum {n} characters', { n }),
  linkInvalid: /*i18n*/ 'This link is invalid or has already been used.',
  linkExpired: /*i18n*/ 'This link has expired. Please ask for a new one.',
  signInRequired: /*i18n*/ 'Please sign in to continue.',
  forbiddenEmail: /*i18n*/ 'You can only act on your own account.',
  bodyTooLarge: /*i18n*/ 'The request is too large.',
  malformedBody: /*i18n*/ 'The request body is not valid JSON.',
  serverError: /*i18n*/ 'Something went wrong on our side. Please try again.',
  notFound: /*i18n*/ 'Not found.',
  licenseIdCharacters: /*i18n*/ 'License ID can only contain letters, numbers and dashes',
  nameCharacters: /*i18n*/ 'This name contains a hidden control or text-direction character. Please type it again.',
} as const;

/** product §5: 'Please enter exactly {n} digits for {country}' / 'Phone number must be {a} or {b} digits for {country}'. */
export function signupPhoneLengthMessage(lengths: readonly number[], country: string): string {
  if (lengths.length === 1) return fill(/*i18n*/ 'Please enter exactly {digits} digits for {country}', { digits: lengths[0]!, country });
  return fill(/*i18n*/ 'Phone number must be {digits} digits for {country}', { digits: joinOr(lengths), country });
}

/** product §5 (emergency contacts): 'Phone number must be N digits for {country}' (several: 'N or M digits'). */
export function contactPhoneLengthMessage(lengths: readonly number[], country: string): string {
  return fill(/*i18n*/ 'Phone number must be {digits} digits for {country}', { digits: joinOr(lengths), country });
}

/** '10 digits', '8, 9 or 10 digits': how many digits a number needs, as placeholders and messages say it. */
export function digitCountText(lengths: readonly number[]): string {
  return fill(/*i18n*/ '{digits} digits', { digits: joinOr(lengths) });
}

function joinOr(values: readonly number[]): string {
  if (values.length <= 2) return values.join(' or ');
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}
