import { describe, expect, it } from 'vitest';
import { cleanCode, messages, validateNewPassword, validateRegistration } from './validation';

const valid = {
  email: 'ada@example.com',
  password: 'secret1',
  cpassword: 'secret1',
  username: 'ada_l',
  agreed: true,
};

describe('validateRegistration', () => {
  it('accepts a complete, valid registration', () => {
    expect(validateRegistration(valid)).toEqual([]);
  });

  it.each([
    ['email', messages.emailMissing],
    ['password', messages.passwordMissing],
    ['cpassword', messages.cpasswordMissing],
    ['username', messages.usernameMissing],
  ] as const)('asks for %s when it is empty', (field, message) => {
    expect(validateRegistration({ ...valid, [field]: '' })).toContainEqual({ field, message });
  });

  it('tells every broken field at once, each with its own first problem, in the form’s order', () => {
    expect(
      validateRegistration({
        email: 'nope',
        password: 'abc',
        cpassword: 'abd',
        username: '!!',
        agreed: false,
      }),
    ).toEqual([
      { field: 'email', message: messages.emailInvalid },
      { field: 'password', message: messages.passwordShort },
      { field: 'cpassword', message: messages.passwordMismatch },
      { field: 'username', message: messages.usernameRule },
      { field: 'terms', message: messages.agreeTerms },
    ]);
    expect(
      validateRegistration({ ...valid, password: 'x'.repeat(257), cpassword: 'x'.repeat(257) }),
    ).toEqual([{ field: 'password', message: messages.passwordLong }]);
  });

  it('uses the server’s sentences', () => {
    expect(messages.emailMissing).toBe('Please enter your email');
    expect(messages.passwordMissing).toBe('Please choose a password');
    expect(messages.usernameMissing).toBe('Please choose a username');
    expect(messages.passwordShort).toBe('Your password needs at least 6 characters');
    expect(messages.usernameRule).toBe('Username must be 3 to 32 letters, digits, _ or -');
    expect(messages.emailInvalid).toBe('Please enter a valid email address');
  });

  it('counts characters as the server does, so six emoji make a valid password', () => {
    const pw = '🎵🎵🎵🎵🎵🎵';
    expect(validateRegistration({ ...valid, password: pw, cpassword: pw })).toEqual([]);
    expect(validateRegistration({ ...valid, password: '🎵🎵🎵', cpassword: '🎵🎵🎵' })).toEqual([
      { field: 'password', message: messages.passwordShort },
    ]);
  });

  it('rejects usernames outside 3 to 32 letters, digits, _ or -', () => {
    const rule = [{ field: 'username', message: messages.usernameRule }];
    expect(validateRegistration({ ...valid, username: 'ab' })).toEqual(rule);
    expect(validateRegistration({ ...valid, username: 'a'.repeat(33) })).toEqual(rule);
    expect(validateRegistration({ ...valid, username: 'a-b_c9' })).toEqual([]);
  });

  it.each(['plain', 'a@b', 'a@b.', 'a b@c.de', '@b.co'])('rejects the email %s', (email) => {
    expect(validateRegistration({ ...valid, email })).toEqual([
      { field: 'email', message: messages.emailInvalid },
    ]);
  });
});

describe('validateNewPassword', () => {
  it('asks for 6 characters or more first', () => {
    const short = { field: 'password', message: 'Your password needs at least 6 characters' };
    expect(validateNewPassword('abc', 'xyz')).toEqual(short);
    expect(validateNewPassword('', '')).toEqual(short);
  });

  it('then asks for the confirmation to match', () => {
    expect(validateNewPassword('abcdef', 'abcdeg')).toEqual({
      field: 'cpassword',
      message: 'The passwords don’t match',
    });
  });

  it('accepts a matching password of 6 characters', () => {
    expect(validateNewPassword('abcdef', 'abcdef')).toBeNull();
  });
});

describe('cleanCode', () => {
  it('keeps at most six digits of what was typed or pasted', () => {
    expect(cleanCode(' 12-34 56 78')).toBe('123456');
    expect(cleanCode('abc')).toBe('');
  });
});
