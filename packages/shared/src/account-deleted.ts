/**
 * What the sign-in page says first once an account is deleted: the wearer's (issue #21), which is also the server's
 * answer, and a helper's own (issue #18). Apart from account.ts and helpers.ts, whose words only the screens about
 * them load, because every page's code may say them (D-059).
 */
export const ACCOUNT_DELETED = /*i18n*/ 'Your account has been deleted.';
export const HELPER_ACCOUNT_DELETED = /*i18n*/ 'Your helper account has been deleted.';
