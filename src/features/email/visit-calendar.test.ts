import { describe, expect, it } from 'vitest';
import { buildVisitCalendarEvent, describeArrivalWindow, findArrivalWindow, formatVisitLocation } from './visit-calendar';

const day = { dayStartMin: 480, dayEndMin: 1080 };

/** The unfolded lines of an .ics file. */
const icsLines = (content: string) => content.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);

describe('findArrivalWindow', () => {
  it.each([
    // Every online booking stores 09:00, which the route planner treats as no promise: the whole day.
    ['09:00', day, { startMin: 480, endMin: 1080 }],
    ['9:00 AM', day, { startMin: 480, endMin: 1080 }],
    ['', day, { startMin: 480, endMin: 1080 }],
    ['09:00', { dayStartMin: 420, dayEndMin: 960 }, { startMin: 420, endMin: 960 }],
    // A time staff set: served within an hour either side, inside the working day.
    ['13:00', day, { startMin: 720, endMin: 840 }],
    ['1:00 PM', day, { startMin: 720, endMin: 840 }],
    ['08:15', day, { startMin: 480, endMin: 555 }],
    ['17:30', day, { startMin: 990, endMin: 1080 }],
  ])('%s with day %o → %o', (time, serviceDay, expected) => {
    expect(findArrivalWindow(time, serviceDay)).toEqual(expected);
  });

  it('tells the window in each language', () => {
    expect(describeArrivalWindow('09:00', day, 'en')).toBe('between 8:00 AM and 6:00 PM');
    expect(describeArrivalWindow('09:00', day, 'fr')).toBe('entre 8\u00a0h\u00a000 et 18\u00a0h\u00a000');
    expect(describeArrivalWindow('09:00', day, 'es')).toBe('entre las 8:00 y las 18:00');
    expect(describeArrivalWindow('13:00', day, 'de')).toBe('zwischen 12:00 und 14:00 Uhr');
  });
});

describe('buildVisitCalendarEvent', () => {
  const branch = { displayName: 'Escarpment Mosquito & Tick', timezone: 'America/Toronto', settings: day };
  const visit = { id: 9, bookingRef: 'BK-TEST1234', serviceType: 'seasonal', date: '2027-05-07', time: '09:00' };

  it("spans the arrival window in Toronto time and says it, under the visit's stable UID", () => {
    const lines = icsLines(buildVisitCalendarEvent({ locale: 'en', branch, visit, location: '71 Main St W, Hamilton, L8P 4Y5' }).content);
    expect(lines).toContain('UID:BK-TEST1234-9@escarpmentmosquito.ca');
    expect(lines).toContain('SUMMARY:Seasonal Mosquito Protection · Escarpment Mosquito & Tick');
    // 08:00 EDT is 12:00 UTC; ten hours, to 18:00.
    expect(lines).toContain('DTSTART:20270507T120000Z');
    expect(lines).toContain('DURATION:PT10H');
    expect(lines).toContain('DESCRIPTION:Booking BK-TEST1234. Our technician arrives between 8:00 AM and 6:00 PM\\; you do not need to be home.');
    expect(lines).toContain('LOCATION:71 Main St W\\, Hamilton\\, L8P 4Y5');
  });

  it('writes the description in the customer\'s language', () => {
    const lines = icsLines(buildVisitCalendarEvent({ locale: 'de', branch, visit, location: 'x' }).content);
    expect(lines).toContain('DESCRIPTION:Buchung BK-TEST1234. Unser Techniker kommt zwischen 8:00 und 18:00 Uhr\\; Sie müssen nicht zu Hause sein.');
  });
});

describe('formatVisitLocation', () => {
  it('names the town once when the customer typed it into the street address (the town came from the postal code)', () => {
    expect(formatVisitLocation({ address: '12 Wilson St E, Ancaster', city: 'Ancaster', postalCode: 'L9G 2B3' })).toBe('12 Wilson St E, Ancaster, L9G 2B3');
    expect(formatVisitLocation({ address: '12 Wilson St E', city: 'Ancaster', postalCode: 'L9G 2B3' })).toBe('12 Wilson St E, Ancaster, L9G 2B3');
    // A street named after another town is not the town.
    expect(formatVisitLocation({ address: '40 Hamilton Rd', city: 'Ancaster', postalCode: null })).toBe('40 Hamilton Rd, Ancaster');
  });
});
