import type { ColumnType, Generated } from 'kysely';
import type { Flag } from '../columns.js';

/** A member of a retail company's staff who signs in to the Operations console. */
export interface StaffUsersTable {
  id: Generated<number>;
  company_id: number;
  /** Lower case; unique across companies, since signing in names no company. */
  email: string;
  name: string;
  /** JSON list of role names (modules/staff/roles.ts). */
  roles: string;
  /** Null until the user sets a password through a set-up link. */
  password_hash: string | null;
  /** The TOTP secret, sealed; set while enrolling and kept once `totp_enabled`. */
  totp_secret_sealed: string | null;
  totp_enabled: Flag;
  /** The newest TOTP time step accepted: a code is accepted once. */
  totp_last_step: ColumnType<number, number | undefined, number>;
  /** SHA-256 of the one-time set-up link's token (a new user, or a password reset by an Administrator). */
  setup_token_hash: string | null;
  /** Epoch seconds. */
  setup_expires_at: number | null;
  disabled_at: string | null;
  created_at: string;
}

/** A signed-in browser: only the SHA-256 of its cookie is kept. Times are epoch seconds. */
export interface StaffSessionsTable {
  id: Generated<number>;
  staff_user_id: number;
  company_id: number;
  token_hash: string;
  /** Sent back as X-CSRF-Token on every state-changing call; useless without the cookie. */
  csrf_token: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end of the session, however active it is. */
  expires_at: number;
  /** Set when signed out (here or everywhere). */
  ended_at: number | null;
}

export interface StaffTables {
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
}
