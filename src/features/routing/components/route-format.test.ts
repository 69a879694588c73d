import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { formatLongDate } from '@/lib/format';
import { findServiceLabelKey, formatClock, formatDuration, formatKilometres, listStopAddOns } from './route-format';

const t = (key: string, values?: Record<string, string | number>) => `${key}${values ? JSON.stringify(values) : ''}`;

describe('route display formats', () => {
  it('shows the service date as a long local date, without a time-zone shift', () => {
    expect(formatLongDate('2027-05-07', 'en')).toBe('Friday, May 7, 2027');
    expect(formatLongDate('2027-05-07', 'de')).toBe('Freitag, 7. Mai 2027');
  });

  it('shows ETAs in 12-hour time in English and 24-hour time in German', () => {
    expect(formatClock('09:45', 'en')?.replace(/\s/g, ' ')).toBe('9:45 AM');
    expect(formatClock('13:05', 'en')?.replace(/\s/g, ' ')).toBe('1:05 PM');
    expect(formatClock('13:05', 'de')).toBe('13:05');
    // Canadian French, like the rest of the site, with the hour kept on one line.
    expect(formatClock('09:45', 'fr')).toBe('9\u00A0h\u00A045');
    expect(formatClock('18:00', 'fr')).toBe('18\u00A0h\u00A000');
    expect(formatClock(null, 'en')).toBeNull();
  });

  it('shows kilometres with one decimal and durations in hours and minutes, N/A when unknown', () => {
    expect(formatKilometres(168_749, 'en')).toBe('168.7 km');
    expect(formatKilometres(168_749, 'fr').replace(/\s/g, ' ')).toBe('168,7 km');
    expect(formatDuration(253, t)).toBe('hoursMinutes{"hours":4,"minutes":13}');
    expect(formatDuration(45, t)).toBe('minutesOnly{"minutes":45}');
    expect(formatDuration(null, t)).toBe('notAvailable');
  });

  it('writes a driving time of a few minutes past the hour as a duration in French, not as a clock time', () => {
    const fr = getTranslator('fr', 'routing');
    // '2 h 5' reads as five past two; the unit makes it two hours and five minutes.
    expect(formatDuration(125, fr)).toBe('2\u00A0h\u00A05\u00A0min');
    expect(formatDuration(253, fr)).toBe('4\u00A0h\u00A013\u00A0min');
    expect(formatDuration(45, fr)).toBe('45 minutes');
  });

  it("maps service types to SPEC's labels: one-time, seasonal, tick control, and names an add-on visit or a consultation as itself", () => {
    expect(findServiceLabelKey({ serviceType: 'onetime' })).toBe('serviceOneTime');
    expect(findServiceLabelKey({ serviceType: 'seasonal' })).toBe('serviceSeasonal');
    expect(findServiceLabelKey({ serviceType: 'tick-seasonal' })).toBe('serviceTick');
    // The crew picks the product by this label (0062): a standing-water stop is not tick control.
    expect(findServiceLabelKey({ serviceType: 'standingwater' })).toBe('serviceStandingWater');
    expect(findServiceLabelKey({ serviceType: 'consult' })).toBe('serviceConsult');
    // A free re-treatment (0047) says so whatever its plan; a paid visit of the same plan does not.
    expect(findServiceLabelKey({ serviceType: 'seasonal', kind: 'retreatment' })).toBe('serviceRetreatment');
    expect(findServiceLabelKey({ serviceType: 'seasonal', kind: 'scheduled' })).toBe('serviceSeasonal');
  });

  // What the booking sold besides the stop's service (0062), as the visit report names what was treated.
  it.each([
    ['a one-time treatment with the tick add-on and extras, at the first visit', { serviceType: 'onetime', visitNumber: 1, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier', 'breeding-site-inspection'] }, ['tick', 'breeding-site-inspection', 'natural-barrier']],
    ["its standing-water stop: the tick and the extras are the treatment stop's", { serviceType: 'standingwater', visitNumber: 2, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier'] }, []],
    ['a seasonal visit after the first: the add-ons, no extras again', { serviceType: 'seasonal', visitNumber: 3, includeTick: true, includeTargetedInsects: true, extras: ['standing-water-larvicide'] }, ['tick', 'targetedInsects']],
    ['a seasonal tick plan: tick control is its service', { serviceType: 'tick-seasonal', visitNumber: 1, includeTick: true, includeTargetedInsects: true, extras: [] }, ['targetedInsects']],
    ['a free re-treatment of the first visit: its add-ons, never the extras', { serviceType: 'onetime', kind: 'retreatment', visitNumber: 1, includeTick: true, extras: ['natural-barrier'] }, ['tick']],
    ['a consultation', { serviceType: 'consult', visitNumber: 1, includeTick: true, extras: ['natural-barrier'] }, []],
    ['a stop from a day sheet saved before these fields', { serviceType: 'onetime' }, []],
    ['an extra the price table no longer knows', { serviceType: 'onetime', visitNumber: 1, extras: ['gold-plating'] }, []],
  ] as const)('lists the add-ons of %s', (_name, visit, expected) => {
    expect(listStopAddOns(visit)).toEqual(expected);
  });
});

