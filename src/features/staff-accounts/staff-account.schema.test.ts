import { describe, expect, it } from 'vitest';
import {
  buildOwnPasswordChangeSchema, buildOwnPasswordFormSchema, buildPasswordResetSchema, isPasswordTheUsername, StaffAccountChangeSchema,
  StaffAccountEditSchema, StaffAccountInputSchema,
} from './staff-account.schema';

/** The first message per field, as the form and the handler see them. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const technician = { displayName: 'Dana Reyes', username: 'dana', role: 'technician', technicianId: 3, password: 'correct horse battery' };
const admin = { displayName: 'Office', username: 'office', role: 'admin', technicianId: null, password: 'correct horse battery' };

describe('StaffAccountInputSchema', () => {
  it('accepts a technician and an admin login', () => {
    expect(StaffAccountInputSchema.parse(technician)).toEqual(technician);
    expect(StaffAccountInputSchema.parse(admin)).toEqual(admin);
  });

  it('stores the username the way sign-in matches it, and tidies the display name', () => {
    const parsed = StaffAccountInputSchema.parse({ ...technician, username: '  Dana.Reyes ', displayName: '  Dana   Reyes ' });
    expect(parsed.username).toBe('dana.reyes');
    expect(parsed.displayName).toBe('Dana Reyes');
    expect(StaffAccountInputSchema.parse({ ...technician, username: 'Ｊürgen_2' }).username).toBe('jürgen_2');
  });

  it('keeps the password exactly as typed', () => {
    expect(StaffAccountInputSchema.parse({ ...technician, password: '  spaces count too  ' }).password).toBe('  spaces count too  ');
  });

  it('treats a missing technician as none (an admin needs no field for it)', () => {
    const { technicianId: _omitted, ...rest } = admin;
    expect(StaffAccountInputSchema.parse(rest).technicianId).toBeNull();
  });

  it.each([
    [{ displayName: '   ' }, { displayName: 'staffAccounts.displayNameRequired' }],
    [{ displayName: 'x'.repeat(61) }, { displayName: 'staffAccounts.displayNameTooLong' }],
    [{ username: '' }, { username: 'staffAccounts.usernameRequired' }],
    [{ username: undefined }, { username: 'staffAccounts.usernameRequired' }],
    [{ username: 'ab' }, { username: 'staffAccounts.usernameTooShort' }],
    [{ username: 'a'.repeat(33) }, { username: 'staffAccounts.usernameTooLong' }],
    [{ username: 'dana reyes' }, { username: 'staffAccounts.usernameInvalid' }],
    [{ username: 'dana@example.ca' }, { username: 'staffAccounts.usernameInvalid' }],
    [{ username: '-dana' }, { username: 'staffAccounts.usernameInvalid' }],
    [{ username: 'dana.' }, { username: 'staffAccounts.usernameInvalid' }],
    // Cyrillic 'а' in place of the Latin one: would look exactly like 'dana'.
    [{ username: 'dаna' }, { username: 'staffAccounts.usernameInvalid' }],
    [{ role: 'owner' }, { role: 'staffAccounts.roleInvalid' }],
    [{ technicianId: null }, { technicianId: 'staffAccounts.technicianRequired' }],
    [{ technicianId: undefined }, { technicianId: 'staffAccounts.technicianRequired' }],
    [{ technicianId: 0 }, { technicianId: 'staffAccounts.technicianInvalid' }],
    [{ technicianId: 1.5 }, { technicianId: 'staffAccounts.technicianInvalid' }],
    [{ technicianId: '3' }, { technicianId: 'staffAccounts.technicianInvalid' }],
    [{ role: 'admin' }, { technicianId: 'staffAccounts.technicianOnlyForTechnicians' }],
    [{ password: '' }, { password: 'staffAccounts.passwordRequired' }],
    [{ password: '            ' }, { password: 'staffAccounts.passwordRequired' }],
    [{ password: 'short pass' }, { password: 'staffAccounts.passwordTooShort' }],
    [{ password: 'x'.repeat(129) }, { password: 'staffAccounts.passwordTooLong' }],
    [{ username: 'dana.reyes.crew', password: 'Dana.Reyes.Crew' }, { password: 'staffAccounts.passwordIsUsername' }],
  ])('refuses %j with %j', (change, expected) => {
    expect(issues(StaffAccountInputSchema.safeParse({ ...technician, ...change }))).toEqual(expected);
  });

  it('counts characters as a person does: eleven emoji and a letter make twelve', () => {
    expect(StaffAccountInputSchema.safeParse({ ...technician, password: `${'🦟'.repeat(11)}x` }).success).toBe(true);
    expect(issues(StaffAccountInputSchema.safeParse({ ...technician, password: '🦟'.repeat(6) }))).toEqual({ password: 'staffAccounts.passwordTooShort' });
  });

  it('reports every problem at once, cross-field rules included', () => {
    expect(issues(StaffAccountInputSchema.safeParse({ displayName: '', username: 'x', role: 'technician', technicianId: null, password: 'short' }))).toEqual({
      displayName: 'staffAccounts.displayNameRequired',
      username: 'staffAccounts.usernameTooShort',
      technicianId: 'staffAccounts.technicianRequired',
      password: 'staffAccounts.passwordTooShort',
    });
  });
});

describe('StaffAccountEditSchema', () => {
  it.each([
    [{ displayName: 'Dana', role: 'technician', technicianId: 2 }, true],
    [{ displayName: 'Dana', role: 'admin', technicianId: null }, true],
    [{ displayName: 'Dana', role: 'technician', technicianId: null }, false],
    [{ displayName: 'Dana', role: 'admin', technicianId: 2 }, false],
    [{ displayName: '', role: 'admin', technicianId: null }, false],
    // The office answers the phone; like an admin it has no day sheet of its own (0082).
    [{ displayName: 'Front desk', role: 'office', technicianId: null }, true],
    [{ displayName: 'Front desk', role: 'office', technicianId: 2 }, false],
  ])('%j valid: %s', (value, ok) => {
    expect(StaffAccountEditSchema.safeParse(value).success).toBe(ok);
  });
});

describe('buildPasswordResetSchema', () => {
  const schema = buildPasswordResetSchema('crew-d');

  it.each([
    ['a new long password', null],
    ['CREW-D', 'staffAccounts.passwordTooShort'],
    // Twelve characters with the spaces, but still the username.
    ['   crew-d   ', 'staffAccounts.passwordIsUsername'],
    ['short', 'staffAccounts.passwordTooShort'],
    ['', 'staffAccounts.passwordRequired'],
  ])('%j -> %s', (value, message) => {
    expect(issues(schema.safeParse({ password: value })).password ?? null).toBe(message);
  });

  it('refuses the username itself in any case, however long it is', () => {
    const long = buildPasswordResetSchema('dana.reyes.crew');
    expect(issues(long.safeParse({ password: ' DANA.REYES.CREW ' }))).toEqual({ password: 'staffAccounts.passwordIsUsername' });
  });
});

describe('isPasswordTheUsername', () => {
  it.each([
    ['dana.reyes.crew', 'dana.reyes.crew', true],
    ['Dana.Reyes.Crew', 'dana.reyes.crew', true],
    ['dana.reyes.crew1', 'dana.reyes.crew', false],
  ])('%s for %s: %s', (pass, user, same) => {
    expect(isPasswordTheUsername(pass, user)).toBe(same);
  });
});

describe('StaffAccountChangeSchema', () => {
  it.each([
    [{ isActive: false }, true],
    [{ displayName: 'Dana R.' }, true],
    [{ role: 'admin', technicianId: null }, true],
    [{ password: 'a new long password' }, true],
    [{}, false],
    [{ username: 'someone-else' }, false],
    [{ passwordHash: 'x' }, false],
    [{ isActive: 'no' }, false],
    [{ password: 'short' }, false],
    [{ role: 'owner' }, false],
  ])('%j valid: %s', (change, ok) => {
    expect(StaffAccountChangeSchema.safeParse(change).success).toBe(ok);
  });

  it('drops keys that cannot change', () => {
    expect(StaffAccountChangeSchema.parse({ isActive: true, username: 'x' })).toEqual({ isActive: true });
  });
});

describe('buildOwnPasswordFormSchema (decision 0037)', () => {
  const schema = buildOwnPasswordFormSchema('dana.reyes.crew');
  const good = { currentPassword: 'handed over in person', newPassword: 'my own new password', repeatPassword: 'my own new password' };

  it('accepts a new password typed twice, keeping every password exactly as typed', () => {
    expect(schema.parse(good)).toEqual(good);
    const spaced = { currentPassword: ' old ', newPassword: '  spaces count too  ', repeatPassword: '  spaces count too  ' };
    expect(schema.parse(spaced)).toEqual(spaced);
  });

  it.each([
    [{ currentPassword: '' }, { currentPassword: 'account.currentPasswordRequired' }],
    [{ currentPassword: undefined }, { currentPassword: 'account.currentPasswordRequired' }],
    [{ currentPassword: 'x'.repeat(201) }, { currentPassword: 'account.currentPasswordWrong' }],
    [{ repeatPassword: 'my own new passwort' }, { repeatPassword: 'account.passwordsDiffer' }],
    [{ repeatPassword: 'My own new password' }, { repeatPassword: 'account.passwordsDiffer' }],
    [{ repeatPassword: '' }, { repeatPassword: 'account.repeatRequired' }],
    [{ newPassword: 'handed over in person', repeatPassword: 'handed over in person' }, { newPassword: 'account.sameAsCurrent' }],
    [{ newPassword: 'Dana.Reyes.Crew', repeatPassword: 'Dana.Reyes.Crew' }, { newPassword: 'staffAccounts.passwordIsUsername' }],
    [{ newPassword: ' DANA.REYES.CREW ', repeatPassword: ' DANA.REYES.CREW ' }, { newPassword: 'staffAccounts.passwordIsUsername' }],
    [{ newPassword: 'too short', repeatPassword: 'too short' }, { newPassword: 'staffAccounts.passwordTooShort' }],
    [{ newPassword: `${'🦟'.repeat(6)}`, repeatPassword: `${'🦟'.repeat(6)}` }, { newPassword: 'staffAccounts.passwordTooShort' }],
    [{ newPassword: 'x'.repeat(129), repeatPassword: 'x'.repeat(129) }, { newPassword: 'staffAccounts.passwordTooLong' }],
    [{ newPassword: '            ', repeatPassword: '            ' }, { newPassword: 'staffAccounts.passwordRequired' }],
  ])('refuses %j with %j', (change, expected) => {
    expect(issues(schema.safeParse({ ...good, ...change }))).toEqual(expected);
  });

  it('counts a new password of exactly 12 characters (eleven emoji and a letter) as long enough', () => {
    const twelve = `${'🦟'.repeat(11)}x`;
    expect(schema.safeParse({ ...good, newPassword: twelve, repeatPassword: twelve }).success).toBe(true);
  });

  it('reports every problem at once, and no mismatch or same-as-current for empty fields', () => {
    expect(issues(schema.safeParse({ currentPassword: '', newPassword: 'short', repeatPassword: 'shorter' }))).toEqual({
      currentPassword: 'account.currentPasswordRequired',
      newPassword: 'staffAccounts.passwordTooShort',
      repeatPassword: 'account.passwordsDiffer',
    });
    expect(issues(schema.safeParse({}))).toEqual({
      currentPassword: 'account.currentPasswordRequired',
      newPassword: 'staffAccounts.passwordRequired',
      repeatPassword: 'account.repeatRequired',
    });
  });
});

describe('buildOwnPasswordChangeSchema (the API: the new password once)', () => {
  const schema = buildOwnPasswordChangeSchema('crew-d');

  it('takes the current and the new password, and drops anything else', () => {
    expect(schema.parse({ currentPassword: 'old', newPassword: 'a brand new password', repeatPassword: 'x', username: 'admin' }))
      .toEqual({ currentPassword: 'old', newPassword: 'a brand new password' });
  });

  it.each([
    [{ currentPassword: 'a brand new password', newPassword: 'a brand new password' }, { newPassword: 'account.sameAsCurrent' }],
    // Twelve characters with the spaces, but still the account's username.
    [{ currentPassword: 'old', newPassword: '   CREW-D   ' }, { newPassword: 'staffAccounts.passwordIsUsername' }],
    [{ currentPassword: 'old', newPassword: 'short' }, { newPassword: 'staffAccounts.passwordTooShort' }],
    [{ currentPassword: '', newPassword: 'a brand new password' }, { currentPassword: 'account.currentPasswordRequired' }],
    [{ currentPassword: 7, newPassword: 'a brand new password' }, { currentPassword: 'account.currentPasswordRequired' }],
  ])('refuses %j with %j', (body, expected) => {
    expect(issues(schema.safeParse(body))).toEqual(expected);
  });
});
