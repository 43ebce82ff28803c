/** User-visible strings quoted by SPEC.md, verbatim, plus the few this product adds. One copy for form and server. */
export const PRODUCT_NAME = 'SEVA';

export const messages = {
  // product §5: sign-in
  licenseIdRequired: 'License ID required',
  passwordRequired: 'Password required',
  // product §5: sign-up
  usernameRequired: 'Username required',
  minimum3: 'Minimum 3 characters',
  emailRequired: 'Email required',
  invalidEmail: 'Invalid email address',
  required: 'Required',
  phoneRequired: 'Phone required',
  invalidPhone: 'Invalid phone number',
  minimum8: 'Minimum 8 characters',
  passwordComposition: 'Must include uppercase, lowercase, number & symbol',
  confirmationRequired: 'Confirmation required',
  passwordsMustMatch: 'Passwords must match',
  // product §5: reset
  resetEmailRequired: 'Please enter your email',
  // product §8: sign-in
  invalidCredentials: 'Invalid credentials',
  accountConfigurationError: 'Account configuration error',
  invalidPassword: 'Invalid password',
  tooManyAttempts: 'Too many attempts. Please try again later',
  authenticationFailed: 'Authentication failed',
  // product §8: reset
  noAccountWithEmail: 'No account found with this email',
  resetInvalidEmail: 'Please enter a valid email',
  resetFailed: 'Failed to send reset email',
  // product §8: sign-up
  emailAlreadyRegistered: 'Email already registered',
  licenseIdAlreadyRegistered: 'License ID already registered',
  emailInUse: 'Email already in use',
  passwordTooWeak: 'Password too weak',
  registrationFailed: 'Registration failed',
  // Added by this product (SPEC is silent)
  passwordHint: 'At least 8 characters, with uppercase, lowercase, a number and one of ! @ # $ % ^ & *.',
  maximumLength: (n: number) => `Maximum ${n} characters`,
  linkInvalid: 'This link is invalid or has already been used.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  signInRequired: 'Please sign in to continue.',
  forbiddenEmail: 'You can only act on your own account.',
  bodyTooLarge: 'The request is too large.',
  malformedBody: 'The request body is not valid JSON.',
  serverError: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found.',
  licenseIdCharacters: 'License ID can only contain letters, numbers and dashes',
  nameCharacters: 'This name contains a hidden control or text-direction character. Please type it again.',
} as const;

/** product §5: 'Please enter exactly {n} digits for {country}' / 'Phone number must be {a} or {b} digits for {country}'. */
export function signupPhoneLengthMessage(lengths: readonly number[], country: string): string {
  if (lengths.length === 1) return `Please enter exactly ${lengths[0]} digits for ${country}`;
  return `Phone number must be ${joinOr(lengths)} digits for ${country}`;
}

/** product §5 (emergency contacts): 'Phone number must be N digits for {country}' (several: 'N or M digits'). */
export function contactPhoneLengthMessage(lengths: readonly number[], country: string): string {
  return `Phone number must be ${joinOr(lengths)} digits for ${country}`;
}

/** '10 digits', '8, 9 or 10 digits': how many digits a number needs, as placeholders and messages say it. */
export function digitCountText(lengths: readonly number[]): string {
  return `${joinOr(lengths)} digits`;
}

function joinOr(values: readonly number[]): string {
  if (values.length <= 2) return values.join(' or ');
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}
