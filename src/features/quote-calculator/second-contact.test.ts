import { describe, expect, it } from 'vitest';
import { describeSecondContact } from './second-contact';

describe('describeSecondContact', () => {
  it('lists what was given, or nothing', () => {
    expect(describeSecondContact({ name: ' Sam Lee ', email: 'sam@example.ca', phone: '' })).toBe('Second contact: Sam Lee · sam@example.ca');
    expect(describeSecondContact({ name: '', email: '', phone: '' })).toBeNull();
    expect(describeSecondContact(null)).toBeNull();
  });
});
