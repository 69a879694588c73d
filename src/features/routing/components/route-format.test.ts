import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { formatLongDate } from '@/lib/format';
import { findServiceLabelKey, formatClock, formatDuration, formatKilometres } from './route-format';

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
});

