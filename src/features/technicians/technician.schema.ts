import { z } from 'zod';
import { isCalendarDate } from '@/features/routing/route.schema';

/**
 * A technician as the office enters it: name, colour on the route map, the shift in local time
 * ('HH:MM') and an optional exterminator licence number with its optional expiry date. The same schemas feed the form (react-hook-form) and the handlers; messages are
 * translation keys. Client-safe: no server imports.
 */

/** The Friday working hours a shift must fit into, and the length of one visit (branch settings). */
export interface WorkingHours {
  dayStartMin: number;
  dayEndMin: number;
  serviceMin: number;
}

export const TECHNICIAN_NAME_MAX = 60;

/** 'HH:MM' (or 'HH:MM:00', as some time fields send it) → minutes after midnight; null when not a time. */
export function parseClockMinutes(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after midnight → 'HH:MM'. */
export function formatClockMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG contrast ratio between a '#rrggbb' colour and white. */
export function contrastWithWhite(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return 1.05 / (luminance + 0.05);
}

/**
 * The technician's colour marks their route (map markers, the stop numbers' discs): it needs at
 * least WCAG's 3:1 against white as a graphic. Every seeded crew colour passes (green-600 is 3.3:1).
 */
export const MIN_CONTRAST_WITH_WHITE = 3;

/**
 * The colour of a stop number written on the technician's colour: white where that reads at WCAG's
 * 4.5:1 for normal-size text (the numbers are 14 px bold, not "large"), else black. Every colour
 * reaches 4.5:1 with one of the two (the worst, where both are equal, is 4.58:1); a softer
 * near-black would leave a band of mid-tones readable with neither.
 */
export function stopNumberInk(hex: string): string {
  return contrastWithWhite(hex) >= 4.5 ? '#ffffff' : '#000000';
}

const name = z
  .string('technicians.nameRequired')
  // One spelling for comparisons and display: composed Unicode, no stray or doubled spaces.
  .overwrite((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
  .min(1, 'technicians.nameRequired')
  .max(TECHNICIAN_NAME_MAX, 'technicians.nameTooLong');

const color = z
  .string('technicians.colorInvalid')
  .regex(/^#[0-9a-fA-F]{6}$/, 'technicians.colorInvalid')
  .overwrite((value) => value.toLowerCase())
  .refine((value) => contrastWithWhite(value) >= MIN_CONTRAST_WITH_WHITE, 'technicians.colorTooLight');

const clock = (message: string) => z.string(message).refine((value) => parseClockMinutes(value) !== null, message);

export const LICENCE_NUMBER_MAX = 30;

/**
 * The technician's Ontario exterminator licence number, printed on each application record they
 * make (docs/decisions/0042). Optional: empty is none. Upper-cased, spaces tidied.
 */
const licenceNumber = z
  .string('technicians.licenceInvalid')
  .overwrite((value) => value.trim().replace(/\s+/g, ' ').toUpperCase())
  .max(LICENCE_NUMBER_MAX, 'technicians.licenceTooLong')
  .regex(/^[A-Z0-9 -]*$/, 'technicians.licenceInvalid');

/**
 * The licence's expiry date as printed on it, 'YYYY-MM-DD' (the date input's value), its last valid
 * day (docs/decisions/0107). Optional: empty is none. A year outside 2000-2099 is a typing slip.
 */
const licenceExpiresOn = z
  .string('technicians.licenceExpiryInvalid')
  .refine((value) => value === '' || (isCalendarDate(value) && value >= '2000-01-01' && value <= '2099-12-31'), 'technicians.licenceExpiryInvalid');

const fields = {
  name,
  color,
  shiftStart: clock('technicians.shiftStartInvalid'),
  shiftEnd: clock('technicians.shiftEndInvalid'),
  licenceNumber: licenceNumber.optional(),
  licenceExpiresOn: licenceExpiresOn.optional(),
};

type ShiftFields = { shiftStart: string; shiftEnd: string };

/** The shift rules: end after start, and (when the branch's hours are known) within them, long enough for a visit. */
function checkShift(value: ShiftFields, ctx: z.RefinementCtx, hours: WorkingHours | undefined) {
  const start = parseClockMinutes(value.shiftStart);
  const end = parseClockMinutes(value.shiftEnd);
  if (start === null || end === null) return;
  if (hours && start < hours.dayStartMin) ctx.addIssue({ code: 'custom', path: ['shiftStart'], message: 'technicians.shiftOutsideHours' });
  if (hours && end > hours.dayEndMin) ctx.addIssue({ code: 'custom', path: ['shiftEnd'], message: 'technicians.shiftOutsideHours' });
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['shiftEnd'], message: 'technicians.shiftOrder' });
  else if (hours && end - start < hours.serviceMin) ctx.addIssue({ code: 'custom', path: ['shiftEnd'], message: 'technicians.shiftTooShort' });
}

/** An expiry date belongs to a licence number: none without one. */
function checkLicence(value: { licenceNumber?: string; licenceExpiresOn?: string }, ctx: z.RefinementCtx) {
  if (value.licenceExpiresOn && !value.licenceNumber) {
    ctx.addIssue({ code: 'custom', path: ['licenceExpiresOn'], message: 'technicians.licenceExpiryWithoutNumber' });
  }
}

/**
 * A whole technician (add form, edit form, and the stored record after a change). With the
 * branch's working hours the shift must fit them; the handlers parse without them (shape and
 * order) and the service checks the hours with this same schema.
 */
export function buildTechnicianSchema(hours?: WorkingHours) {
  return z.object(fields).superRefine((value, ctx) => {
    checkShift(value, ctx, hours);
    checkLicence(value, ctx);
  });
}

/** POST /api/admin/technicians. */
export const TechnicianInputSchema = buildTechnicianSchema();
export type TechnicianInput = z.output<typeof TechnicianInputSchema>;
export type TechnicianFormValues = z.input<typeof TechnicianInputSchema>;

/**
 * PATCH /api/admin/technicians/{id}: any of the fields, and/or `isActive` (deactivate, reactivate).
 * A number removed takes its expiry date with it unless the change sends one (then refused).
 */
export const TechnicianChangeSchema = z
  .object({
    name: name.optional(),
    color: color.optional(),
    shiftStart: fields.shiftStart.optional(),
    shiftEnd: fields.shiftEnd.optional(),
    licenceNumber: licenceNumber.optional(),
    licenceExpiresOn: licenceExpiresOn.optional(),
    isActive: z.boolean('technicians.invalidActive').optional(),
  })
  .superRefine((change, ctx) => {
    if (Object.values(change).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'technicians.nothingToChange' });
    }
  });
export type TechnicianChange = z.output<typeof TechnicianChangeSchema>;
