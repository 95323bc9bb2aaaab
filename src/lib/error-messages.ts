/**
 * Who words an error (docs/decisions/0013-error-messages.md): the server, for every answer it gives
 * (it knows the broken rule and its figures and speaks the caller's language). The texts below are
 * the app's own for the cases without a server's words: no answer at all, an envelope without a
 * message, and failures that happen in the browser (a passkey dialog, a sign-in redirect). The
 * `satisfies` check fails the type-check when the contract gains a code without a text here.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '../../generated/api/types.gen';
import {
  GENERIC_400_MESSAGE,
  GENERIC_STATUS_MESSAGE,
  REFRESH_FAILED_MESSAGE,
  UNEXPECTED_ERROR,
  type ApiError,
  type ApiErrorMessage,
} from './api-error';

export const errorCodeMessages = {
  UNEXPECTED_ERROR: msg`An unexpected error occurred.`,
  VALIDATION_ERROR: msg`Some entries are not valid. Please check the highlighted fields.`,
  BAD_REQUEST: msg`The request could not be processed.`,
  UNAUTHORIZED: msg`Please sign in again.`,
  FORBIDDEN: msg`You do not have permission for this action.`,
  NOT_FOUND: msg`The record was not found.`,
  CONFLICT: msg`The record was changed in the meantime. Please reload and try again.`,
  ENTRY_LOCKED: msg`This entry is confirmed by the customer and can no longer be changed.`,
  ENTRY_INVOICED: msg`This entry is billed by an issued invoice and can no longer be changed.`,
  INVOICE_ISSUED_ELSEWHERE: msg`Your firm issues its invoices in lexoffice.`,
  PAYLOAD_TOO_LARGE: msg`The file or data is too large.`,
  UNSUPPORTED_MEDIA_TYPE: msg`This file type is not supported.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a moment and try again.`,
  FEATURE_NOT_IMPLEMENTED: msg`This feature is not available yet.`,
  SERVICE_UNAVAILABLE: msg`The service is unavailable at the moment. Please try again in a few seconds.`,
  NO_ACTIVE_LICENSE_MANAGER_TRIAL: msg`Your trial has ended. Please buy a license to continue.`,
  NO_LICENSE: msg`No license is assigned to your account. Please ask your manager.`,
  LICENSE_LIMIT_REACHED: msg`All licenses are assigned. Buy more licenses to add members.`,
  INVALID_CREDENTIALS: msg`Email or password is wrong.`,
  EMAIL_ALREADY_REGISTERED: msg`An account with this email already exists.`,
  EMAIL_NOT_CONFIRMED: msg`Please confirm your email address first.`,
  TERMS_NOT_ACCEPTED: msg`Terms must be accepted`,
  TOKEN_INVALID: msg`Your session is not valid. Please sign in again.`,
  TOKEN_EXPIRED: msg`Your session has expired. Please sign in again.`,
  LINK_INVALID: msg`This link is not valid.`,
  LINK_EXPIRED: msg`This link has expired. Please request a new one.`,
  PASSWORD_TOO_WEAK: msg`This password is too weak. Use at least 8 characters and avoid common passwords.`,
  PASSWORD_MISMATCH: msg`Passwords must match`,
  PASSWORD_UNCHANGED: msg`The new password must differ from the old one.`,
  PASSKEY_EXISTS: msg`A passkey for this device already exists.`,
  PASSKEY_CANCELLED: msg`The passkey request was cancelled.`,
  PASSKEY_TIMEOUT: msg`The passkey request timed out.`,
  PASSKEY_INVALID: msg`The passkey could not be verified.`,
  GOOGLE_LOGIN_FAILED: msg`Google login failed.`,
  APPLE_LOGIN_FAILED: msg`Apple login failed.`,
  EXTERNAL_LOGIN_NOT_CONFIGURED: msg`This sign-in method is not set up.`,
  INVITATION_FAILED: msg`The invitation failed.`,
  OWNER_PROTECTED: msg`The owner cannot be archived or demoted.`,
  USER_ARCHIVED: msg`This user is archived.`,
  CUSTOMER_ARCHIVED: msg`This customer is archived.`,
  PRODUCT_IN_USE: msg`This product is used in entries and cannot be deleted.`,
  DUPLICATE_EAN: msg`A product with this EAN code already exists.`,
  INVALID_EAN: msg`This EAN code is not valid.`,
  IMPORT_INVALID_ROWS: msg`Please remove all rows with errors before you continue.`,
  TIMER_ALREADY_RUNNING: msg`A timer is already running for this customer.`,
  TIMER_NOT_RUNNING: msg`No timer is running for this customer.`,
  ACTIVE_USER_TIME_TRACK_EXISTS: msg`You are already clocked in.`,
  IDEMPOTENCY_KEY_REUSED: msg`This change was already sent with other details under the same key; it was not saved.`,
  NO_ACTIVE_USER_TIME_TRACK: msg`You are not clocked in.`,
  SEGMENT_OVERLAP: msg`Working time segments must not overlap.`,
  END_BEFORE_START: msg`The end must be after the start.`,
  LATE_ENTRY_TOO_OLD: msg`This day lies too far back to be added afterwards. Please ask your manager.`,
  INVALID_IMAGE: msg`The image could not be read.`,
  NO_ACTIVITIES_SELECTED: msg`No activities selected.`,
  ACCOUNTING_NOT_CONNECTED: msg`No accounting software is connected yet.`,
  ACCOUNTING_CONNECTION_FAILED: msg`The connection to the accounting software failed.`,
  EXPORT_FAILED: msg`The export failed.`,
  AI_CONSENT_REQUIRED: msg`AI features need your consent. You can give it in the company profile.`,
  AUDIO_RECORDING_ERROR: msg`The audio recording failed.`,
  PAYMENT_PROVIDER_NOT_CONFIGURED: msg`Online payment is not set up.`,
} satisfies Record<ErrorCode, MessageDescriptor>;

/** Error messages that are not tied to one code. */
export const errorLabels = {
  unexpectedTitle: msg`Unexpected error`,
  failedTitle: msg`Failed`,
  updateCustomerFailed: msg`Failed to update customer`,
  sessionExpiredTitle: msg`Signed out`,
} satisfies Record<string, MessageDescriptor>;

/** The English texts the client puts on errors without an envelope, translated. */
const genericMessages: Record<string, MessageDescriptor> = {
  [GENERIC_400_MESSAGE]: msg`A server side error occurred.`,
  [GENERIC_STATUS_MESSAGE]: msg`An unexpected server error occurred.`,
  [REFRESH_FAILED_MESSAGE]: msg`Your session has expired. Please sign in again.`,
};

function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCodeMessages, code);
}

/** The text to show for one message of an envelope: the server's words, else the code's text. */
function describeErrorMessage(i18n: I18n, message: ApiErrorMessage): string {
  if (message.message) return message.message;
  if (isKnownCode(message.code)) return i18n._(errorCodeMessages[message.code]);
  return i18n._(errorCodeMessages.UNEXPECTED_ERROR);
}

/** The lines of a toast for an ApiError: one per envelope message, or the field errors. */
export function describeApiError(i18n: I18n, error: ApiError): string[] {
  if (!error.isBusinessError) {
    const generic = genericMessages[error.message];
    return [i18n._(generic ?? errorCodeMessages.UNEXPECTED_ERROR)];
  }
  const lines = error.messages
    .filter((m) => m.code !== UNEXPECTED_ERROR)
    .map((m) => describeErrorMessage(i18n, m));
  if (lines.length === 0) {
    for (const messages of Object.values(error.fieldErrors)) lines.push(...messages);
  }
  return Array.from(new Set(lines));
}
