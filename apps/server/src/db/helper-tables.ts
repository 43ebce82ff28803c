/** The helpers' tables (issue #18): their accounts, their links to wearers, their sessions and reset links. */

/** A helper's own account (issue #18): apart from wearers', so a helper can never sign in as a wearer. */
export interface HelperAccountsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  /** The language the helper reads their e-mails in (issue #23); null: English, not chosen yet. */
  locale: string | null;
}

/**
 * One wearer's invitation of a helper and, once accepted, the link between them. status: 'invited' (token_hash names
 * the link sent; it works until expires_at), 'active', or how it ended: 'declined', 'cancelled', 'removed' (by the
 * wearer), 'stopped' (by the helper). `name` is the wearer's name for the helper.
 */
export interface HelperLinksTable {
  id: string;
  wearer_id: string;
  helper_id: string | null;
  name: string;
  email: string;
  status: HelperLinkStatus;
  token_hash: string | null;
  invited_at: string;
  expires_at: string;
  accepted_at: string | null;
  ended_at: string | null;
}

export type HelperLinkStatus = 'invited' | 'active' | 'declined' | 'cancelled' | 'expired' | 'removed' | 'stopped';

/** A helper's signed-in browser; acting_for: the wearer the helper acts for now (checked against the link on every request). */
export interface HelperSessionsTable {
  token_hash: string;
  helper_id: string;
  acting_for: string | null;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
  last_used_at: string;
}

/** A helper's password-reset link. */
export interface HelperResetTokensTable {
  token_hash: string;
  helper_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
