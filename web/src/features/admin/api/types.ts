/** An account as admins see it (GET /api/admin/users). */
export interface AdminUser {
  _id: string;
  username: string;
  email: string;
  createdAt: string;
  admin: boolean;
  /** MUSICIFY_ADMIN names this person: the page cannot take admin away. */
  named: boolean;
  disabled: boolean;
  songs: number;
  bytes: number;
}

export interface ScanFailure {
  path: string;
  reason: string;
}

/** Where the library scan stands (GET /api/admin/library). */
export interface LibraryStatus {
  /** False when MUSICIFY_LIBRARY_DIRS names no folder. */
  configured: boolean;
  folders: string[];
  running: boolean;
  started?: string;
  finished?: string;
  seen: number;
  added: number;
  updated: number;
  removed: number;
  failed: number;
  failures: ScanFailure[];
}

export type SignupMode = 'open' | 'invite' | 'closed';

export interface SignupSettings {
  mode: SignupMode;
  /** MUSICIFY_SIGNUP: the mode when no admin picked one. */
  default?: SignupMode;
}

/** An invitation, never with its token (GET /api/admin/invites). */
export interface Invite {
  id: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  usedBy?: string;
  usedAt?: string;
  status: 'open' | 'used' | 'expired';
}
