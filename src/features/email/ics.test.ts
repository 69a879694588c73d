import { describe, expect, it } from 'vitest';
import { buildIcsEvent } from './ics';

describe('buildIcsEvent', () => {
  it('writes the Toronto wall time as UTC, across daylight saving time', () => {
    const summer = buildIcsEvent({ uid: 'a@test', title: 'Mosquito treatment', date: '2027-06-04', time: '09:00' });
    expect(summer.content).toContain('DTSTART:20270604T130000Z');
    expect(summer.content).toContain('DURATION:PT45M');
    const winter = buildIcsEvent({ uid: 'b@test', title: 'Treatment', date: '2027-12-03', time: '09:00' });
    expect(winter.content).toContain('DTSTART:20271203T140000Z');
    expect(summer).toMatchObject({ filename: 'appointment.ics', contentType: expect.stringContaining('text/calendar') });
    expect(summer.content).toContain('UID:a@test');
  });

  it('rejects a malformed date', () => {
    expect(() => buildIcsEvent({ uid: 'c', title: 't', date: '04/06/2027' })).toThrow();
  });
});
