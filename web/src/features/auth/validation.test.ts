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
    expect(validateRegistration(valid)).toBeNull();
  });

  it.each(['email', 'password', 'cpassword', 'username'] as const)(
    'asks to fill credentials when %s is empty',
    (field) => {
      expect(validateRegistration({ ...valid, [field]: '' })).toEqual({
        field,
        message: 'Please fill credentials',
      });
    },
  );

  it('puts each broken rule beside its own field', () => {
    expect(validateRegistration({ ...valid, agreed: false })?.field).toBe('terms');
    expect(validateRegistration({ ...valid, cpassword: 'secret2' })?.field).toBe('cpassword');
    expect(validateRegistration({ ...valid, password: '', username: '' })?.field).toBe('password');
  });

  it('checks the rules in the original app’s order, each before the next', () => {
    // Every rule is broken at once; fixing them one by one reveals the next message.
    const steps: [Partial<typeof valid>, string][] = [
      [
        { username: '  ', agreed: false, password: 'abc', cpassword: 'abd' },
        messages.fillCredentials,
      ],
      [{ agreed: false, password: 'abc', cpassword: 'abd', username: '!!' }, messages.agreeTerms],
      [
        { password: 'abc', cpassword: 'abd', username: '!!', email: 'nope' },
        messages.passwordShort,
      ],
      [
        { password: 'abcdef', cpassword: 'abcdeg', username: '!!', email: 'nope' },
        messages.passwordMismatch,
      ],
      [
        { password: 'x'.repeat(257), cpassword: 'x'.repeat(257), username: '!!', email: 'nope' },
        messages.passwordLong,
      ],
      [{ username: 'no spaces', email: 'nope' }, messages.usernameRule],
      [{ email: 'nope' }, messages.emailInvalid],
    ];
    for (const [patch, expected] of steps) {
      expect(validateRegistration({ ...valid, ...patch })?.message).toBe(expected);
    }
  });

  it('uses the exact sentences of the spec and the server', () => {
    expect(messages.agreeTerms).toBe('Please agree terms and condition');
    expect(messages.passwordShort).toBe('Password must be equal or more than 6 digit');
    expect(messages.passwordMismatch).toBe('Confirm password and password doesnt matches');
    expect(messages.usernameRule).toBe('Username must be 3 to 32 letters, digits, _ or -');
    expect(messages.emailInvalid).toBe('Please enter a valid email address');
  });

  it('counts characters as the server does, so six emoji make a valid password', () => {
    const pw = '🎵🎵🎵🎵🎵🎵';
    expect(validateRegistration({ ...valid, password: pw, cpassword: pw })).toBeNull();
    expect(validateRegistration({ ...valid, password: '🎵🎵🎵', cpassword: '🎵🎵🎵' })).toEqual({
      field: 'password',
      message: messages.passwordShort,
    });
  });

  it('rejects usernames outside 3 to 32 letters, digits, _ or -', () => {
    const rule = { field: 'username', message: messages.usernameRule };
    expect(validateRegistration({ ...valid, username: 'ab' })).toEqual(rule);
    expect(validateRegistration({ ...valid, username: 'a'.repeat(33) })).toEqual(rule);
    expect(validateRegistration({ ...valid, username: 'a-b_c9' })).toBeNull();
  });

  it.each(['plain', 'a@b', 'a@b.', 'a b@c.de', '@b.co'])('rejects the email %s', (email) => {
    expect(validateRegistration({ ...valid, email })).toEqual({
      field: 'email',
      message: messages.emailInvalid,
    });
  });
});

describe('validateNewPassword', () => {
  it('asks for 6 characters or more first', () => {
    const short = { field: 'password', message: 'Please enter the password more than 6 letter' };
    expect(validateNewPassword('abc', 'xyz')).toEqual(short);
    expect(validateNewPassword('', '')).toEqual(short);
  });

  it('then asks for the confirmation to match', () => {
    expect(validateNewPassword('abcdef', 'abcdeg')).toEqual({
      field: 'cpassword',
      message: "Password doesn't matches with confirm password",
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
