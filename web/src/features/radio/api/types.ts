/** A station as GET /api/radio/all lists it (docs/api.md, Radio). */
export interface Station {
  _id: string;
  radio_name: string;
  /** The creator's username. */
  username: string;
  /** When the current loop began (ISO); before the start, the start. */
  time: string;
  /** The first start (ISO). */
  start: string;
  live: boolean;
  /** The audio, same origin, behind the session cookie. */
  audio: string;
  /** Seconds. */
  duration: number;
  listeners: number;
  /** The caller created it (and so may delete it). */
  mine: boolean;
}
