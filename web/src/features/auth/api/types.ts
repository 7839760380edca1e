/** The answer of calls that only report success. */
export interface MessageResponse {
  message: string;
}

/** The answer of calls that mail a code: okay is 123 when the mail went out. */
export interface CodeSentResponse {
  okay?: number;
  message: string;
}

/** The original app's success number for the calls that mail a code. */
export const CODE_SENT = 123;
export const SUCCESS = 'success';
