/** The original app's sentences, and the server's own rules after them. */
export const messages = {
  fillCredentials: 'Please fill credentials',
  agreeTerms: 'Please agree terms and condition',
  passwordShort: 'Password must be equal or more than 6 digit',
  passwordMismatch: 'Confirm password and password doesnt matches',
  passwordLong: 'Password must be at most 256 characters',
  usernameRule: 'Username must be 3 to 32 letters, digits, _ or -',
  emailInvalid: 'Please enter a valid email address',
  newPasswordShort: 'Please enter the password more than 6 letter',
  newPasswordMismatch: "Password doesn't matches with confirm password",
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
 * The first rule the registration breaks, in the original app's order, with the
 * field it is about (an empty field: the first empty one), or null.
 */
export function validateRegistration(
  v: RegistrationValues,
): FieldProblem<RegistrationField> | null {
  const username = v.username.trim();
  const email = v.email.trim();
  const problem = (field: RegistrationField, message: string) => ({ field, message });
  const empty = (
    [
      ['email', email],
      ['password', v.password],
      ['cpassword', v.cpassword],
      ['username', username],
    ] as const
  ).find(([, value]) => value === '');
  if (empty) return problem(empty[0], messages.fillCredentials);
  if (!v.agreed) return problem('terms', messages.agreeTerms);
  if (length(v.password) < PASSWORD_MIN) return problem('password', messages.passwordShort);
  if (v.password !== v.cpassword) return problem('cpassword', messages.passwordMismatch);
  if (length(v.password) > PASSWORD_MAX) return problem('password', messages.passwordLong);
  if (!USERNAME.test(username)) return problem('username', messages.usernameRule);
  if (!isValidEmail(email)) return problem('email', messages.emailInvalid);
  return null;
}

/** The first rule a new password breaks, with its field, or null. */
export function validateNewPassword(
  password: string,
  cpassword: string,
): FieldProblem<'password' | 'cpassword'> | null {
  if (length(password) < PASSWORD_MIN)
    return { field: 'password', message: messages.newPasswordShort };
  if (password !== cpassword) return { field: 'cpassword', message: messages.newPasswordMismatch };
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
