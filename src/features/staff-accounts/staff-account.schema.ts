import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '@/features/staff-auth/capabilities';
import { normaliseUsername } from '@/features/staff-auth/username';

/**
 * A staff login as the owner enters it: who it is for, the username they type, what they may see,
 * and (for a technician) whose day sheet. The same schemas feed the forms (react-hook-form) and
 * the handlers; messages are translation keys. Client-safe: no server imports.
 */

export { STAFF_ROLES, type StaffRole };

/** What each access is called on the staff screens, and what it opens (`staffAccounts.*`). */
export const ROLE_LABELS: Record<StaffRole, { label: string; hint: string }> = {
  admin: { label: 'roleAdmin', hint: 'roleAdminHint' },
  office: { label: 'roleOffice', hint: 'roleOfficeHint' },
  technician: { label: 'roleTechnician', hint: 'roleTechnicianHint' },
};

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const DISPLAY_NAME_MAX = 60;
/** NIST SP 800-63B asks for length rather than character classes; 12 matches ADMIN_PASSWORD's rule. */
export const PASSWORD_MIN = 12;
/** Well under the login form's limit (200), so every password set here can be typed there. */
export const PASSWORD_MAX = 128;

/**
 * Latin letters (accents included, so 'jürgen' and 'émile' work), digits, '.', '_' and '-',
 * starting and ending with a letter or digit. Other scripts are left out on purpose: a Cyrillic
 * 'а' looks exactly like a Latin 'a', and two accounts must never look alike.
 */
const USERNAME_PATTERN = /^[\p{Script=Latin}0-9](?:[\p{Script=Latin}0-9._-]*[\p{Script=Latin}0-9])?$/u;

/** Length in characters as a person counts them (an emoji is one, not two UTF-16 units). */
const length = (value: string) => [...value].length;

const username = z
  .string('staffAccounts.usernameRequired')
  // The one spelling sign-in matches by: trimmed, NFKC, lower-case.
  .overwrite(normaliseUsername)
  .min(1, 'staffAccounts.usernameRequired')
  .refine((value) => value === '' || length(value) >= USERNAME_MIN, 'staffAccounts.usernameTooShort')
  .refine((value) => length(value) <= USERNAME_MAX, 'staffAccounts.usernameTooLong')
  .refine((value) => value === '' || USERNAME_PATTERN.test(value), 'staffAccounts.usernameInvalid');

const displayName = z
  .string('staffAccounts.displayNameRequired')
  .overwrite((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
  .min(1, 'staffAccounts.displayNameRequired')
  .max(DISPLAY_NAME_MAX, 'staffAccounts.displayNameTooLong');

const role = z.enum(STAFF_ROLES, 'staffAccounts.roleInvalid');

const technicianId = z
  .int('staffAccounts.technicianInvalid')
  .positive('staffAccounts.technicianInvalid')
  .max(2_147_483_647, 'staffAccounts.technicianInvalid')
  .nullable();

// Passwords are kept exactly as typed (no trimming): the login form sends them as typed too.
const password = z
  .string('staffAccounts.passwordRequired')
  .refine((value) => value.trim() !== '', 'staffAccounts.passwordRequired')
  .refine((value) => value.trim() === '' || length(value) >= PASSWORD_MIN, 'staffAccounts.passwordTooShort')
  .refine((value) => length(value) <= PASSWORD_MAX, 'staffAccounts.passwordTooLong');

/** True when the password is the username itself, in any case or spacing: the first thing anyone guesses. */
export function isPasswordTheUsername(passwordValue: string, usernameValue: string): boolean {
  return normaliseUsername(passwordValue) === normaliseUsername(usernameValue);
}

type Issues = { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void };

/** A technician's login shows one technician's day sheet, so it needs one; an admin's or the office's has none. */
function checkRoleAndTechnician(value: { role?: unknown; technicianId?: unknown }, ctx: Issues) {
  if (value.role === 'technician' && value.technicianId == null) {
    ctx.addIssue({ code: 'custom', path: ['technicianId'], message: 'staffAccounts.technicianRequired' });
  }
  if ((value.role === 'admin' || value.role === 'office') && value.technicianId != null) {
    ctx.addIssue({ code: 'custom', path: ['technicianId'], message: 'staffAccounts.technicianOnlyForTechnicians' });
  }
}

function checkPasswordAgainstUsername(value: { password?: unknown; username?: unknown }, ctx: Issues, field = 'password') {
  if (typeof value.password === 'string' && typeof value.username === 'string' && value.username !== ''
    && isPasswordTheUsername(value.password, value.username)) {
    ctx.addIssue({ code: 'custom', path: [field], message: 'staffAccounts.passwordIsUsername' });
  }
}

// Cross-field rules run even when another field is still wrong, so the form shows every problem at once.
const always = { when: () => true };

/** POST /api/admin/staff-accounts and the "Add a login" form. */
export const StaffAccountInputSchema = z
  .object({ displayName, username, role, technicianId: technicianId.default(null), password })
  .superRefine((value, ctx) => {
    checkRoleAndTechnician(value, ctx);
    checkPasswordAgainstUsername(value, ctx);
  }, always);
export type StaffAccountInput = z.output<typeof StaffAccountInputSchema>;
export type StaffAccountFormValues = z.input<typeof StaffAccountInputSchema>;

/** The edit dialog, and the stored account after a PATCH that changes any of these fields. */
export const StaffAccountEditSchema = z
  .object({ displayName, role, technicianId })
  .superRefine((value, ctx) => checkRoleAndTechnician(value, ctx), always);
export type StaffAccountEdit = z.output<typeof StaffAccountEditSchema>;
export type StaffAccountEditValues = z.input<typeof StaffAccountEditSchema>;

/** The reset-password dialog: the account's username is known, so the form checks it too. */
export function buildPasswordResetSchema(accountUsername: string) {
  return z
    .object({ password })
    .superRefine((value, ctx) => checkPasswordAgainstUsername({ password: value.password, username: accountUsername }, ctx), always);
}
export type PasswordResetValues = z.output<ReturnType<typeof buildPasswordResetSchema>>;

/**
 * The current password as the person types it to prove it is them: kept as typed, and no longer
 * than the login form takes (a longer one could never have signed in).
 */
const currentPassword = z
  .string('account.currentPasswordRequired')
  .min(1, 'account.currentPasswordRequired')
  .max(200, 'account.currentPasswordWrong');

/** A new password of one's own: the rules above, not the username, and not the password it replaces. */
// Values typed `unknown`: with `always`, these run on input that may have failed its own checks.
function checkOwnNewPassword(value: { currentPassword?: unknown; newPassword?: unknown }, accountUsername: string, ctx: Issues) {
  checkPasswordAgainstUsername({ password: value.newPassword, username: accountUsername }, ctx, 'newPassword');
  if (typeof value.newPassword === 'string' && value.newPassword !== '' && value.newPassword === value.currentPassword) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'account.sameAsCurrent' });
  }
}

/**
 * POST /api/account/password (decision 0037): a signed-in staff member changes their own password.
 * The username is the signed-in account's; the service checks the current password.
 */
export function buildOwnPasswordChangeSchema(accountUsername: string) {
  return z
    .object({ currentPassword, newPassword: password })
    .superRefine((value, ctx) => checkOwnNewPassword(value, accountUsername, ctx), always);
}
export type OwnPasswordChange = z.output<ReturnType<typeof buildOwnPasswordChangeSchema>>;

/** The /account form: the same rules, and the new password typed twice (the server needs it once). */
export function buildOwnPasswordFormSchema(accountUsername: string) {
  return z
    .object({ currentPassword, newPassword: password, repeatPassword: z.string('account.repeatRequired').min(1, 'account.repeatRequired') })
    .superRefine((value, ctx) => {
      checkOwnNewPassword(value, accountUsername, ctx);
      if (typeof value.repeatPassword === 'string' && value.repeatPassword !== '' && value.repeatPassword !== value.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: 'account.passwordsDiffer' });
      }
    }, always);
}
export type OwnPasswordFormValues = z.output<ReturnType<typeof buildOwnPasswordFormSchema>>;

/**
 * PATCH /api/admin/staff-accounts/{id}: any of the edit fields, `isActive` (deactivate,
 * reactivate) and/or a new `password`. The username never changes (it is how the person signs
 * in); other keys are dropped, so a body with nothing else in it has nothing to change.
 * The service checks the merged account with StaffAccountEditSchema and the password against the
 * stored username.
 */
export const StaffAccountChangeSchema = z
  .object({
    displayName: displayName.optional(),
    role: role.optional(),
    technicianId: technicianId.optional(),
    isActive: z.boolean('staffAccounts.invalidActive').optional(),
    password: password.optional(),
  })
  .superRefine((change, ctx) => {
    if (Object.values(change).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: 'staffAccounts.nothingToChange' });
    }
  });
export type StaffAccountChange = z.output<typeof StaffAccountChangeSchema>;
