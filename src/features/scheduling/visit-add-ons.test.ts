import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { describeVisitAddOns, listVisitAddOns } from './visit-add-ons';

describe('listVisitAddOns', () => {
  // What the booking sold besides the visit's service (0062), as the visit report names what was treated.
  it.each([
    ['a one-time treatment with the tick add-on and extras, at the first visit', { serviceType: 'onetime', visitNumber: 1, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier', 'breeding-site-inspection'] }, ['tick', 'breeding-site-inspection', 'natural-barrier']],
    ["its standing-water visit: the tick and the extras are the treatment visit's", { serviceType: 'standingwater', visitNumber: 2, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier'] }, []],
    ['a seasonal visit after the first: the add-ons, no extras again', { serviceType: 'seasonal', visitNumber: 3, includeTick: true, includeTargetedInsects: true, extras: ['standing-water-larvicide'] }, ['tick', 'targetedInsects']],
    ['a seasonal tick plan: tick control is its service', { serviceType: 'tick-seasonal', visitNumber: 1, includeTick: true, includeTargetedInsects: true, extras: [] }, ['targetedInsects']],
    ['a free re-treatment of the first visit: its add-ons, never the extras', { serviceType: 'onetime', kind: 'retreatment', visitNumber: 1, includeTick: true, extras: ['natural-barrier'] }, ['tick']],
    ['a consultation', { serviceType: 'consult', visitNumber: 1, includeTick: true, extras: ['natural-barrier'] }, []],
    ['a stop from a day sheet saved before these fields', { serviceType: 'onetime' }, []],
    ['an extra the price table no longer knows', { serviceType: 'onetime', visitNumber: 1, extras: ['gold-plating'] }, []],
  ] as const)('lists the add-ons of %s', (_name, visit, expected) => {
    expect(listVisitAddOns(visit)).toEqual(expected);
  });
});

describe('describeVisitAddOns', () => {
  const sold = { serviceType: 'onetime', visitNumber: 1, includeTick: true, extras: ['natural-barrier'] };

  it.each([
    ['en', 'Add-ons: Tick control, Natural barrier with repelling plants'],
    ['fr', 'Options\u00A0: Contrôle des tiques, Barrière naturelle de plantes répulsives'],
    ['de', 'Zusatzleistungen: Zeckenbekämpfung, Natürliche Barriere mit abwehrenden Pflanzen'],
    ['es', 'Complementos: Control de garrapatas, Barrera natural con plantas repelentes'],
  ] as const)('names them in the reader\'s language (%s)', (locale, expected) => {
    expect(describeVisitAddOns(sold, locale, getTranslator(locale, 'routing'))).toBe(expected);
  });

  it('says nothing when only the service was sold', () => {
    expect(describeVisitAddOns({ serviceType: 'seasonal', visitNumber: 2, includeTick: false, extras: [] }, 'en', getTranslator('en', 'routing'))).toBeNull();
  });
});
