import { createContext, useContext } from 'react';

/** The signed-in user as the shell loaded it. */
export interface CurrentUser {
  _id: string;
  username: string;
  email: string;
  /** An admin sees the Admin page; the server checks it again on every admin call. */
  admin?: boolean;
  /** The picture they chose (640 and 160 px); absent: their initial is drawn. */
  picture?: string;
  pictureSmall?: string;
  /** The IANA zone their days are counted in ('' is UTC); this browser sets it. */
  timeZone?: string;
}

export interface Session {
  user: CurrentUser;
  /** Ends the session on the server and leaves the signed-in area. */
  signOut: () => void;
  signingOut: boolean;
}

export const SessionContext = createContext<Session | null>(null);

/** The session of the signed-in area; only pages inside the shell may call it. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside the signed-in shell');
  return session;
}

/** The session on pages open to everyone (a shared link): null for a visitor. */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}
