/**
 * The branch row as the seed writes it (contact, mailing address, time zone, an 8:00 AM to
 * 6:00 PM working day, 30-minute holds), for the email renderers' unit tests.
 */
export const TEST_EMAIL_BRANCH = {
  displayName: 'Escarpment Mosquito & Tick',
  phone: '(905) 555-0134',
  email: 'hello@escarpmentmosquito.ca',
  address: '1 Hunter St E',
  city: 'Hamilton',
  province: 'ON',
  postalCode: 'L8N 3W1',
  timezone: 'America/Toronto',
  settings: { dayStartMin: 480, dayEndMin: 1080, holdMinutes: 30 },
};
