import { HELPER_ACCOUNT_DELETED } from './account-deleted.ts';
import { fill } from './localise.ts';
/**
 * Issue #18, helpers: someone the wearer trusts signs in with their own account and acts for the wearer within a
 * fixed set of powers. The words of the screens, the e-mails and the server's refusals, written once. Their catalog
 * is `shared-helpers`, which only the screens about helpers load; what any screen may say about a helper is in
 * acting-for.ts (D-059).
 */

/** A wearer has at most this many helpers and open invitations together. */
export const MAX_HELPERS = 5;
/** An invitation link works once, for this many days. */
export const INVITATION_DAYS = 7;
/** A wearer sends one address at most this many invitations an hour, cancelled ones included (D-073). */
export const INVITATIONS_PER_ADDRESS_HOUR = 3;
export const HELPER_NAME_MAX = 50;

/** What a helper may do, as the invitation e-mail and the accept page say it. */
export const helperMay = [
  /*i18n*/ 'add, rename and delete the faces the glasses recognise (by camera or by uploading a photo)',
  /*i18n*/ 'view and edit the emergency contacts',
  /*i18n*/ 'read the Knowledge Base and see the Updates',
] as const;

/** What a helper may not do, as the invitation e-mail and the accept page say it. */
export const helperMayNot = [
  /*i18n*/ "change the wearer's username, phone, e-mail or password",
  /*i18n*/ 'pair or unpair glasses, or see where the wearer is signed in',
  /*i18n*/ "download the wearer's data or delete their account",
  /*i18n*/ 'invite or remove helpers',
] as const;

export const helperMessages = {
  // The wearer's /profile
  sectionHeading: /*i18n*/ 'Helpers',
  noHelpers: /*i18n*/ 'You have no helpers.',
  invite: /*i18n*/ 'Invite a helper',
  nameLabel: /*i18n*/ "Helper's name",
  emailLabel: /*i18n*/ "Helper's email",
  sendInvitation: /*i18n*/ 'Send invitation',
  invitationSent: /*i18n*/ 'Invitation sent',
  cancelInvitation: /*i18n*/ 'Cancel invitation',
  active: /*i18n*/ 'Helping you',
  nameRequired: /*i18n*/ "Please enter the helper's name",
  nameTooLong: fill(/*i18n*/ 'Names can be at most {max} characters.', { max: HELPER_NAME_MAX }),
  tooMany: fill(/*i18n*/ 'You can have up to {max} helpers.', { max: MAX_HELPERS }),
  ownAddress: /*i18n*/ 'This is your own email address. Please invite someone else.',
  invitedTooOften: fill(/*i18n*/ 'You have invited this address {max} times in the last hour. Please try again later.', { max: INVITATIONS_PER_ADDRESS_HOUR }),
  helperNotFound: /*i18n*/ 'This helper was not found. They may have been removed already.',
  // The invitation link
  invitationInvalid: /*i18n*/ 'This invitation link is not valid.',
  invitationUsed: /*i18n*/ 'This invitation has already been accepted. Please sign in as a helper.',
  accountMadeMeanwhile: /*i18n*/ "A helper account for this address was made a moment ago, by another invitation. Open this invitation again and sign in with that account's password.",
  invitationCancelled: /*i18n*/ 'This invitation was cancelled. Please ask for a new one.',
  invitationDeclined: /*i18n*/ 'This invitation was declined. Please ask for a new one.',
  invitationExpired: fill(/*i18n*/ 'This invitation has expired: a link works for {days} days. Please ask for a new one.', { days: INVITATION_DAYS }),
  yourName: /*i18n*/ 'Your name',
  yourNameRequired: /*i18n*/ 'Please enter your name',
  accept: /*i18n*/ 'Accept invitation',
  decline: /*i18n*/ 'Decline',
  declined: /*i18n*/ 'You declined the invitation.',
  youCanHeading: /*i18n*/ 'As a helper you can:',
  youCannotHeading: /*i18n*/ 'You cannot:',
  // Helper sign-in
  forgotPassword: /*i18n*/ 'Forgot password?',
  // A helper's own screens
  chooseHeading: /*i18n*/ 'Who are you helping?',
  notHelpingAnyone: /*i18n*/ 'You are not helping anyone at the moment.',
  chooseWearer: /*i18n*/ 'Please choose whom you are helping first.',
  notYourWearer: /*i18n*/ 'You do not help this person.',
  helperOnly: /*i18n*/ 'Only a helper can do this.',
  currentPassword: /*i18n*/ 'Current password',
  newPassword: /*i18n*/ 'New password',
  changePassword: /*i18n*/ 'Change password',
  passwordChanged: /*i18n*/ 'Your password has been changed.',
  deleteHelperAccount: /*i18n*/ 'Delete my helper account',
  helperAccountDeleted: HELPER_ACCOUNT_DELETED,
} as const;

/** The page the invitation link opens. */
export const acceptHeading = (wearer: string) => fill(/*i18n*/ 'Help {wearer} with their SEVA glasses', { wearer });
/** A removed helper's next request, and the page it shows. */
export const noLongerHelping = (wearer: string) => fill(/*i18n*/ 'You no longer help {wearer}.', { wearer });
/** The helper's button (and its confirmation) on their own /profile. */
export const stopHelping = (wearer: string) => fill(/*i18n*/ 'Stop helping {wearer}', { wearer });
/** The wearer's button for an active helper (confirmed in a dialog). */
export const removeHelper = (helper: string) => fill(/*i18n*/ 'Remove {helper}', { helper });
/** An invitation's cancel button, accessible name with the helper's name. */
export const cancelInvitationFor = (helper: string) => fill(/*i18n*/ 'Cancel invitation for {helper}', { helper });
/** An address that already helps the wearer. */
export const alreadyHelping = (email: string) => fill(/*i18n*/ '{email} already helps you.', { email });
/** An address with an open invitation from this wearer. */
export const alreadyInvited = (email: string) => fill(/*i18n*/ 'You have already invited {email}. Cancel that invitation to send a new one.', { email });
/** An activity entry done by a helper: 'Face added by Sam'. */
export const doneByHelper = (label: string, helper: string) => fill(/*i18n*/ '{label} by {helper}', { label, helper });
/** What /profile says once a helper is removed or an invitation cancelled. */
export const helperRemovedMessage = (helper: string) => fill(/*i18n*/ '{helper} no longer helps you.', { helper });
export const invitationCancelledMessage = (helper: string) => fill(/*i18n*/ 'The invitation to {helper} was cancelled.', { helper });
export const invitationSentMessage = (email: string) => fill(/*i18n*/ 'Invitation sent to {email}.', { email });
export const stoppedHelpingMessage = (wearer: string) => fill(/*i18n*/ 'You no longer help {wearer}.', { wearer });
