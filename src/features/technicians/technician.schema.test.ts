import { describe, expect, it } from 'vitest';
import {
  buildTechnicianSchema, contrastWithWhite, formatClockMinutes, stopNumberInk, parseClockMinutes, TechnicianChangeSchema, TechnicianInputSchema,
} from './technician.schema';

const HOURS = { dayStartMin: 480, dayEndMin: 1080, serviceMin: 45 };
const valid = { name: 'Crew D', color: '#7c3aed', shiftStart: '08:00', shiftEnd: '18:00' };

/** The first message per field, as the form and the handler see them. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('clock times', () => {
  it.each([
    ['08:00', 480], ['17:45', 1065], ['00:00', 0], ['23:59', 1439], ['09:30:00', 570],
    ['8:00', null], ['24:00', null], ['12:60', null], ['09:30:15', null], ['', null], ['noon', null],
  ])('%s -> %s minutes', (value, minutes) => {
    expect(parseClockMinutes(value)).toBe(minutes);
  });

  it.each([[480, '08:00'], [1065, '17:45'], [0, '00:00']])('%s minutes -> %s', (minutes, text) => {
    expect(formatClockMinutes(minutes)).toBe(text);
  });
});

describe('colour contrast with the white stop numbers', () => {
  it.each([
    ['#2563eb', true], ['#dc2626', true], ['#16a34a', true], ['#000000', true],
    ['#ffffff', false], ['#fde047', false], ['#22c55e', false],
  ])('%s readable: %s', (hex, readable) => {
    expect(contrastWithWhite(hex) >= 3).toBe(readable);
  });
});

describe('the stop numbers written on a crew colour', () => {
  // 14 px bold numbers are normal-size text to WCAG: white only where it reaches 4.5:1.
  it.each([
    ['#2563eb', '#ffffff'], ['#dc2626', '#ffffff'], ['#000000', '#ffffff'],
    ['#16a34a', '#000000'], ['#0891b2', '#000000'],
  ])('on %s: %s', (hex, ink) => {
    expect(stopNumberInk(hex)).toBe(ink);
  });

  it('reads at 4.5:1 or more on every grey from black to white', () => {
    const inkContrast = (hex: string) => {
      const white = contrastWithWhite(hex);
      // Against black: (L + 0.05) / 0.05, with L + 0.05 read back from the ratio with white.
      return stopNumberInk(hex) === '#ffffff' ? white : (1.05 / white) / 0.05;
    };
    for (let grey = 0; grey <= 255; grey += 1) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(inkContrast(hex), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('TechnicianInputSchema and the working hours', () => {
  const schema = buildTechnicianSchema(HOURS);

  it('accepts a full technician and tidies the name and colour', () => {
    const parsed = schema.parse({ ...valid, name: '  Crew   D ', color: '#7C3AED' });
    expect(parsed).toEqual({ ...valid, name: 'Crew D', color: '#7c3aed' });
  });

  it.each([
    [{ name: '   ' }, { name: 'technicians.nameRequired' }],
    [{ name: 'x'.repeat(61) }, { name: 'technicians.nameTooLong' }],
    [{ name: undefined }, { name: 'technicians.nameRequired' }],
    [{ color: 'blue' }, { color: 'technicians.colorInvalid' }],
    [{ color: '#fde047' }, { color: 'technicians.colorTooLight' }],
    [{ shiftStart: '7:00' }, { shiftStart: 'technicians.shiftStartInvalid' }],
    [{ shiftEnd: '' }, { shiftEnd: 'technicians.shiftEndInvalid' }],
    [{ shiftStart: '07:30' }, { shiftStart: 'technicians.shiftOutsideHours' }],
    [{ shiftEnd: '18:30' }, { shiftEnd: 'technicians.shiftOutsideHours' }],
    [{ shiftStart: '12:00', shiftEnd: '12:00' }, { shiftEnd: 'technicians.shiftOrder' }],
    [{ shiftStart: '14:00', shiftEnd: '09:00' }, { shiftEnd: 'technicians.shiftOrder' }],
    [{ shiftStart: '09:00', shiftEnd: '09:30' }, { shiftEnd: 'technicians.shiftTooShort' }],
  ])('refuses %j with %j', (change, expected) => {
    expect(issues(schema.safeParse({ ...valid, ...change }))).toEqual(expected);
  });

  it('accepts a shift of exactly one visit at the edge of the day', () => {
    expect(schema.safeParse({ ...valid, shiftStart: '17:15', shiftEnd: '18:00' }).success).toBe(true);
  });

  it('checks only the order without the branch hours (the handlers\' first pass)', () => {
    expect(TechnicianInputSchema.safeParse({ ...valid, shiftStart: '06:00', shiftEnd: '20:00' }).success).toBe(true);
    expect(issues(TechnicianInputSchema.safeParse({ ...valid, shiftStart: '10:00', shiftEnd: '09:00' }))).toEqual({ shiftEnd: 'technicians.shiftOrder' });
  });
});

describe('TechnicianChangeSchema', () => {
  it.each([
    [{ isActive: false }, true],
    [{ name: 'Crew E' }, true],
    [{ shiftEnd: '16:00' }, true],
    [{}, false],
    [{ isActive: 'no' }, false],
    [{ color: '#ffffff' }, false],
  ])('%j valid: %s', (change, ok) => {
    expect(TechnicianChangeSchema.safeParse(change).success).toBe(ok);
  });
});

describe('the exterminator licence number (docs/decisions/0042)', () => {
  const schema = buildTechnicianSchema(HOURS);

  it('is optional, upper-cased and tidied', () => {
    expect(schema.parse(valid).licenceNumber).toBeUndefined();
    expect(schema.parse({ ...valid, licenceNumber: '' }).licenceNumber).toBe('');
    expect(schema.parse({ ...valid, licenceNumber: '  e-12345   ab ' }).licenceNumber).toBe('E-12345 AB');
    expect(TechnicianChangeSchema.parse({ licenceNumber: 'x1' })).toEqual({ licenceNumber: 'X1' });
  });

  it.each([
    ['E12345!', 'technicians.licenceInvalid'],
    ['E/123', 'technicians.licenceInvalid'],
    ['E'.repeat(31), 'technicians.licenceTooLong'],
  ])('refuses %j', (licenceNumber, message) => {
    expect(issues(schema.safeParse({ ...valid, licenceNumber }))).toEqual({ licenceNumber: message });
  });
});
