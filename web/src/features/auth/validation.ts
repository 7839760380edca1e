/** The sentences of SPEC.md section 5, and the server's own rules after them. */
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

/** The first rule the registration breaks, in the order of SPEC.md, or null. */
export function validateRegistration(v: RegistrationValues): string | null {
  const username = v.username.trim();
  const email = v.email.trim();
  if (!username || !v.password || !email || !v.cpassword) return messages.fillCredentials;
  if (!v.agreed) return messages.agreeTerms;
  if (length(v.password) < PASSWORD_MIN) return messages.passwordShort;
  if (v.password !== v.cpassword) return messages.passwordMismatch;
  if (length(v.password) > PASSWORD_MAX) return messages.passwordLong;
  if (!USERNAME.test(username)) return messages.usernameRule;
  if (!isValidEmail(email)) return messages.emailInvalid;
  return null;
}

/** The first rule a new password breaks, or null. */
export function validateNewPassword(password: string, cpassword: string): string | null {
  if (length(password) < PASSWORD_MIN) return messages.newPasswordShort;
  if (password !== cpassword) return messages.newPasswordMismatch;
  if (length(password) > PASSWORD_MAX) return messages.passwordLong;
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
