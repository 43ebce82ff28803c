/**
 * Issue #18, helpers: someone the wearer trusts signs in with their own account and acts for the wearer within a
 * fixed set of powers. The words of the screens, the e-mails and the server's refusals, written once.
 */

/** A wearer has at most this many helpers and open invitations together. */
export const MAX_HELPERS = 5;
/** An invitation link works once, for this many days. */
export const INVITATION_DAYS = 7;
export const HELPER_NAME_MAX = 50;

/** What a helper may do, as the invitation e-mail and the accept page say it. */
export const helperMay = [
  'add, rename and delete the faces the glasses recognise (by camera or by uploading a photo)',
  'view and edit the emergency contacts',
  'read the Knowledge Base and see the Updates',
] as const;

/** What a helper may not do, as the invitation e-mail and the accept page say it. */
export const helperMayNot = [
  "change the wearer's username, phone, e-mail or password",
  'pair or unpair glasses, or see where the wearer is signed in',
  "download the wearer's data or delete their account",
  'invite or remove helpers',
] as const;

export const helperMessages = {
  // The wearer's /profile
  sectionHeading: 'Helpers',
  noHelpers: 'No helpers yet.',
  invite: 'Invite a helper',
  nameLabel: "Helper's name",
  emailLabel: "Helper's email",
  sendInvitation: 'Send invitation',
  invitationSent: 'Invitation sent',
  cancelInvitation: 'Cancel invitation',
  active: 'Helping you',
  nameRequired: "Please enter the helper's name",
  nameTooLong: `Names can be at most ${HELPER_NAME_MAX} characters.`,
  tooMany: `You can have up to ${MAX_HELPERS} helpers.`,
  ownAddress: 'This is your own email address. Please invite someone else.',
  helperNotFound: 'This helper was not found. They may have been removed already.',
  // The invitation link
  invitationInvalid: 'This invitation link is not valid.',
  invitationUsed: 'This invitation has already been accepted. Please sign in as a helper.',
  invitationCancelled: 'This invitation was cancelled. Please ask for a new one.',
  invitationDeclined: 'This invitation was declined. Please ask for a new one.',
  invitationExpired: `This invitation has expired: a link works for ${INVITATION_DAYS} days. Please ask for a new one.`,
  yourName: 'Your name',
  yourNameRequired: 'Please enter your name',
  accept: 'Accept invitation',
  decline: 'Decline',
  declined: 'You declined the invitation.',
  youCanHeading: 'As a helper you can:',
  youCannotHeading: 'You cannot:',
  // Helper sign-in
  signInAsHelper: 'Sign in as a helper',
  forgotPassword: 'Forgot password?',
  // A helper's own screens
  chooseHeading: 'Who are you helping?',
  notHelpingAnyone: 'You are not helping anyone at the moment.',
  chooseWearer: 'Please choose whom you are helping first.',
  notYourWearer: 'You do not help this person.',
  helperOnly: 'Only a helper can do this.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  changePassword: 'Change password',
  passwordChanged: 'Your password has been changed.',
  deleteHelperAccount: 'Delete my helper account',
  helperAccountDeleted: 'Your helper account has been deleted.',
  switchWearer: 'Switch',
} as const;

/** The page the invitation link opens. */
export const acceptHeading = (wearer: string) => `Help ${wearer} with their SEVA glasses`;
/** The line next to the navigation on every screen a helper sees. */
export const youAreHelping = (wearer: string) => `You are helping ${wearer}`;
/** A removed helper's next request, and the page it shows. */
export const noLongerHelping = (wearer: string) => `You no longer help ${wearer}.`;
/** A helper calling what only the wearer may do (403). */
export const onlyWearerCan = (wearer: string) => `Only ${wearer} can do this.`;
/** The helper's button (and its confirmation) on their own /profile. */
export const stopHelping = (wearer: string) => `Stop helping ${wearer}`;
/** The wearer's button for an active helper (confirmed in a dialog). */
export const removeHelper = (helper: string) => `Remove ${helper}`;
/** An invitation's cancel button, accessible name with the helper's name. */
export const cancelInvitationFor = (helper: string) => `Cancel invitation for ${helper}`;
/** An address that already helps the wearer. */
export const alreadyHelping = (email: string) => `${email} already helps you.`;
/** An address with an open invitation from this wearer. */
export const alreadyInvited = (email: string) => `You have already invited ${email}. Cancel that invitation to send a new one.`;
/** An activity entry done by a helper: 'Face added by Sam'. */
export const doneByHelper = (label: string, helper: string) => `${label} by ${helper}`;
/** What /profile says once a helper is removed or an invitation cancelled. */
export const helperRemovedMessage = (helper: string) => `${helper} no longer helps you.`;
export const invitationCancelledMessage = (helper: string) => `The invitation to ${helper} was cancelled.`;
export const invitationSentMessage = (email: string) => `Invitation sent to ${email}.`;
export const stoppedHelpingMessage = (wearer: string) => `You no longer help ${wearer}.`;
