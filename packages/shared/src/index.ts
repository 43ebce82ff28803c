/**
 * What the apps, tools, test kit, end-to-end tests and benchmarks use from the shared rules. The files beside this one
 * share more among themselves (field refinements, phone rules, message builders); those stay inside the package.
 */
export {
  COUNTRIES, SIGNUP_DEFAULT_COUNTRY_CODE, CONTACT_DEFAULT_COUNTRY_CODE, signUpCountryFor, allowedLengths, countryLabel,
} from './countries.ts';
export {
  phoneNumberReadBack, countryOfInternationalNumber, storedPhoneNumber, formatPhoneNumber, nationalPhoneText,
  phoneHref,
} from './phone-numbers.ts';
export { PRODUCT_NAME, messages, digitCountText } from './messages.ts';
export { hasForbiddenNameCharacter } from './schemas/fields.ts';
export { PASSWORD_MAX } from './password-length.ts';
export {
  USERNAME_MAX, signInSchema, type SignInInput, resetRequestSchema, type ResetRequestInput, newPasswordSchema,
  type NewPasswordInput, tokenSchema, type SessionUser, sessionUserSchema,
} from './schemas/auth.ts';
export {
  signInAnswerSchema, type SignInAnswer, helperSignedInAnswerSchema, type HelperSignedInAnswer, sessionAnswerSchema,
  type SessionAnswer, helpedWearerSchema, type HelpedWearer,
} from './schemas/session.ts';
export { signUpSchema, type SignUpInput } from './schemas/sign-up.ts';
export { firstIssue } from './schemas/issues.ts';
export { identityQrText, IDENTITY_QR, FEATURE_QR, APP_VERSION, featureQrPayload } from './identity-qr.ts';
export {
  profileMessages, type ProfileField, profileUpdatedMessage, profileUpdateFailedMessage, profilePhoneFormSchema,
  profileUsernameSchema, profileEditSchema, type ProfileEditInput, profileAnswerSchema, profileUpdatedAnswerSchema,
  type ProfileAnswer, type ProfileUpdatedAnswer,
} from './schemas/profile.ts';
export {
  contactMessages, MAX_EMERGENCY_CONTACTS, CONTACT_NAME_MAX, type ContactSlot, CONTACT_SLOTS, type ContactInput,
  type EmergencyContact, type ContactsInput, contactsToFormValues, contactsFormIssue, contactFieldsSchema,
  saveContactsSchema, type SaveContactsInput, type SaveContactsData, emergencyContactSchema, contactsAnswerSchema,
  contactsSavedAnswerSchema, type ContactsAnswer, type ContactsSavedAnswer,
} from './schemas/contacts.ts';
export {
  type Feature, FEATURE_DB_KEYS, type FeatureDbKey, FEATURES, downloadLinkIssue, featureByDbKey, featureMessages,
} from './features.ts';
export { type FeatureWithLink, type FeaturesResponse, featureWithLinkSchema, featuresAnswerSchema } from './schemas/features.ts';
export {
  FACE_NAME_MAX, MAX_IMAGE_BYTES, FACE_PAGE_SIZES, MAX_FACES_PER_USER, MAX_ANALYSES_IN_FLIGHT, faceMessages,
  duplicateFaceNameMessage, faceNameKey,
} from './face-rules.ts';
export {
  faceNameField, listFacesSchema, storeFaceFieldsSchema, renameFaceSchema,
  deleteFaceSchema, recognizeFieldsSchema, type FaceSummary, type FaceBox, imageTypeOfDataUrl,
  faceFileName, estimatedSizeKb, faceBoxSchema, faceSummarySchema, faceListSchema, detectAnswerSchema,
} from './schemas/faces.ts';
export {
  MAX_PHOTOS_PER_PERSON, PHOTO_QUALITIES, type PhotoQuality, photoProblemMessages, type PhotoProblem, photoMessages,
  facePhotoSchema, type FacePhoto, facePhotosAnswerSchema, type FacePhotosAnswer, personParamsSchema, photoParamsSchema,
  addPhotoFieldsSchema, photoImagePath,
} from './schemas/face-photos.ts';
export {
  CONFIDENCES, type Confidence, confidenceWords, faceVerdictSchema, type FaceVerdict, recognizeAnswerSchema,
  type RecognizeAnswer,
} from './schemas/face-recognition.ts';
export { errorAnswerSchema, messageAnswerSchema, type MessageAnswer, messageAnswer, oauthErrorSchema } from './schemas/answers.ts';
export {
  USER_CODE_ALPHABET, USER_CODE_LENGTH, DEFAULT_DEVICE_NAME, DEVICE_NAME_MAX, deviceMessages, normalizeUserCode,
  formatUserCode, accountLabel, maskedEmail,
} from './devices.ts';
export {
  pairingCodeSchema, type PairingCodeInput, pairingAllowSchema, type PairingAllowInput,
  type PendingPairing, type PairedDevice, installedFeaturesSchema, type DeviceAuthorizationAnswer, type SyncedFace,
  type SyncAnswer, pendingPairingSchema, pairedDeviceSchema, pairedDevicesAnswerSchema, pairingAllowedAnswerSchema,
  type PairedDevicesAnswer, type PairingAllowedAnswer, deviceAuthorizationAnswerSchema, tokenAnswerSchema,
  type TokenAnswer, installedFeaturesAnswerSchema, type InstalledFeaturesAnswer, GLASSES_CLIENT_ID, DEVICE_CODE_GRANT,
  deviceAuthorizationRequestSchema, tokenRequestSchema, syncedFaceSchema, featureForGlassesSchema,
  type FeatureForGlasses, glassesContactSchema, type GlassesContact, syncAnswerSchema,
} from './schemas/devices.ts';
export {
  GLASSES_SCOPES, type GlassesScope, DEFAULT_GLASSES_SCOPES, readGlassesScopes, scopeText, scopesOf, scopeWords,
} from './glasses-scopes.ts';
export {
  ACTIVITY_KINDS, type ActivityKind, activityLabels, wrongPasswordsSummary, ACTIVITY_RETENTION_DAYS,
  RECENT_ACTIVITY_SHOWN, accountMessages, EMERGENCY_CALLING_STOPS,
  RESTORE_WINDOW_DAYS, passwordChangedMessage, consentGivenMessage, browserDescription, signedOutBrowserMessage,
  signedOutOthersMessage,
} from './account.ts';
export {
  deleteAccountSchema, type DeleteAccountInput, exportRequestSchema, changePasswordSchema, type ChangePasswordInput,
  restoreAccountSchema, type BrowserSession, browserSessionSchema, browserSessionsAnswerSchema, signedOutOthersAnswerSchema,
  passwordChangedAnswerSchema, type BrowserSessionsAnswer, type SignedOutOthersAnswer, type PasswordChangedAnswer,
} from './schemas/account.ts';
export { type ActivityEvent, activityEventSchema, activityAnswerSchema, type ActivityAnswer } from './schemas/activity.ts';
export {
  MAX_HELPERS, INVITATION_DAYS, helperMay, helperMayNot, helperMessages, acceptHeading, noLongerHelping,
  stopHelping, removeHelper, cancelInvitationFor, alreadyHelping, alreadyInvited, doneByHelper, INVITATIONS_PER_ADDRESS_HOUR,
  helperRemovedMessage, invitationCancelledMessage, invitationSentMessage, stoppedHelpingMessage,
} from './helpers.ts';
export { actingForMessages, youAreHelping, onlyWearerCan } from './acting-for.ts';
export { ACCOUNT_DELETED, HELPER_ACCOUNT_DELETED } from './account-deleted.ts';
export {
  inviteHelperSchema, type InviteHelperInput, invitationTokenSchema, newHelperAccountFormSchema,
  existingHelperAccountFormSchema, acceptAsNewHelperSchema, acceptAsExistingHelperSchema, acceptInvitationSchema,
  helperSignInSchema, type HelperSignInInput, actingForSchema, changeHelperPasswordSchema,
  type ChangeHelperPasswordInput, type HelperSummary, helpersAnswerSchema, type HelpersAnswer,
  invitedHelperAnswerSchema, type InvitedHelperAnswer, type WearerRef, type HelperSessionInfo,
  invitationSummarySchema, type InvitationSummary,
} from './schemas/helpers.ts';
export { type SupportContact, supportContactSchema } from './schemas/support.ts';
export { type ManualSummary, manualSummarySchema } from './schemas/manuals.ts';
export { vitalReportSchema, type VitalReport } from './schemas/vitals.ts';
export { livenessAnswerSchema, type Readiness, readinessSchema, notReadySchema } from './schemas/health.ts';
export { LOCALES, type Locale, DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_NAMES, LANGUAGE_FORM, isLocale, localeFromAcceptLanguage, chooseLocale } from './locales.ts';
export { fill, localise, longDate, onePerLocale, prepareNumbers } from './localise.ts';
export { languageChoiceSchema, type LanguageChoice, languageMessages } from './schemas/language.ts';
export { glassesApiMessages } from './glasses-api-messages.ts';
export { PSEUDO_LOCALE, PSEUDO_LETTERS, pseudoText } from './pseudo-locale.ts';
