import { fill } from './localise.ts';

/**
 * What any screen may say about a helper acting for a wearer (issue #18): the line beside the navigation, the refusal
 * of what only the wearer may do, and the sign-in page's way to the helpers' own. Every page loads their catalog
 * (`shared`); the helpers' screens' own words are in helpers.ts (D-059).
 */
export const actingForMessages = {
  signInAsHelper: /*i18n*/ 'Sign in as a helper',
  /** Beside 'You are helping {wearer}', for a helper of several wearers. */
  switchWearer: /*i18n*/ 'Switch',
} as const;

/** The line next to the navigation on every screen a helper sees. */
export const youAreHelping = (wearer: string) => fill(/*i18n*/ 'You are helping {wearer}', { wearer });
/** A helper calling what only the wearer may do (403). */
export const onlyWearerCan = (wearer: string) => fill(/*i18n*/ 'Only {wearer} can do this.', { wearer });
