import { describe, expect, it } from 'vitest';
import { type AreaCheckTexts, describeAreaAnswer } from './service-area-check';

const texts: AreaCheckTexts = {
  label: 'Check your postal code', placeholder: 'L8P 1A1', submit: 'Check', checking: 'Checking...', invalid: 'Please enter a postal code like L8P 1A1.',
  served: 'Good news: we serve {area}.', notServed: "We're sorry, but we don't currently service the {postalCode} area. Please contact us for alternatives.",
  failed: 'We could not check that postal code. Please try again.',
};

describe("the home page's service-area check", () => {
  it.each(['m5v2t6', ' M5V 2T6 ', 'm5v-2t6'])('names an unserved code typed as %j the way Canada Post writes it', (typed) => {
    expect(describeAreaAnswer(true, { inServiceArea: false, postalCode: 'M5V2T6', area: null }, typed, texts)).toEqual({
      tone: 'no', text: "We're sorry, but we don't currently service the M5V 2T6 area. Please contact us for alternatives.",
    });
  });

  it('names the served town, and passes on a refusal or a failed check', () => {
    expect(describeAreaAnswer(true, { inServiceArea: true, postalCode: 'L9G3K2', area: 'Ancaster' }, 'l9g 3k2', texts)).toEqual({ tone: 'ok', text: 'Good news: we serve Ancaster.' });
    expect(describeAreaAnswer(false, { message: 'Please enter a valid postal code.' }, 'L9G', texts)).toEqual({ tone: 'error', text: 'Please enter a valid postal code.' });
    expect(describeAreaAnswer(false, null, 'L9G 3K2', texts)).toEqual({ tone: 'error', text: texts.failed });
  });
});
