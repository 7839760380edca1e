/** The sentences of the account forms; the server says the same ones. */
export const messages = {
  emailMissing: 'Please enter your email',
  passwordMissing: 'Please choose a password',
  cpasswordMissing: 'Please type your password again',
  usernameMissing: 'Please choose a username',
  agreeTerms: 'Please accept the Terms and Conditions',
  passwordShort: 'Your password needs at least 6 characters',
  passwordMismatch: 'The passwords don’t match',
  passwordLong: 'Password must be at most 256 characters',
  usernameRule: 'Username must be 3 to 32 letters, digits, _ or -',
  emailInvalid: 'Please enter a valid email address',
  codeMissing: 'Please enter the 6-digit code from the mail',
  loginMissing: 'Please enter your username and password',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;
const EMAIL_MAX = 254;
const USERNAME = /^[A-Za-z0-9_-]{3,32}$/;
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[^\s@"(),:;<>[\]\\.]+$/;

/** Length in characters as the server counts them (code points, not UTF-16 units). */
function length(s: string): number {
  return [...s].length;
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL.test(email);
}

export interface RegistrationValues {
  email: string;
  password: string;
  cpassword: string;
  username: string;
  agreed: boolean;
}

/** The registration form's inputs, named as the server names them. */
export type RegistrationField = 'email' | 'password' | 'cpassword' | 'username' | 'terms';

/** A broken rule and the field it is shown beside. */
export interface FieldProblem<F extends string> {
  field: F;
  message: string;
}

/**
 * Every field of the registration that breaks a rule, each with its first
 * broken rule, in the form's order, so a person fixes them all in one go.
 */
export function validateRegistration(v: RegistrationValues): FieldProblem<RegistrationField>[] {
  const username = v.username.trim();
  const email = v.email.trim();
  const problems: FieldProblem<RegistrationField>[] = [];
  const add = (field: RegistrationField, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  add(
    'email',
    email === '' ? messages.emailMissing : isValidEmail(email) ? null : messages.emailInvalid,
  );
  add(
    'password',
    v.password === ''
      ? messages.passwordMissing
      : length(v.password) < PASSWORD_MIN
        ? messages.passwordShort
        : length(v.password) > PASSWORD_MAX
          ? messages.passwordLong
          : null,
  );
  add(
    'cpassword',
    v.cpassword === ''
      ? messages.cpasswordMissing
      : v.password !== v.cpassword
        ? messages.passwordMismatch
        : null,
  );
  add(
    'username',
    username === ''
      ? messages.usernameMissing
      : USERNAME.test(username)
        ? null
        : messages.usernameRule,
  );
  add('terms', v.agreed ? null : messages.agreeTerms);
  return problems;
}

/** The first rule a new password breaks, with its field, or null. */
export function validateNewPassword(
  password: string,
  cpassword: string,
): FieldProblem<'password' | 'cpassword'> | null {
  if (length(password) < PASSWORD_MIN)
    return { field: 'password', message: messages.passwordShort };
  if (password !== cpassword) return { field: 'cpassword', message: messages.passwordMismatch };
  if (length(password) > PASSWORD_MAX) return { field: 'password', message: messages.passwordLong };
  return null;
}

/** Keeps the digits of a typed or pasted code, six at most. */
export function cleanCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

/** Emails are case-insensitive on the server; keep the form it stores. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
