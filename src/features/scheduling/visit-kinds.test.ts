import { describe, expect, it } from 'vitest';
import { APPOINTMENT_KINDS } from '@/db/schema/appointments';
import { isFreeRetreatment, keepPaidVisits, serviceLabelKey, VISIT_KINDS } from './visit-kinds';

describe('visit kinds', () => {
  it('are the kinds the appointments table allows', () => {
    expect([...VISIT_KINDS]).toEqual([...APPOINTMENT_KINDS]);
  });

  it('tell a free re-treatment from a paid visit; a row without a kind is paid', () => {
    expect(isFreeRetreatment({ kind: 'retreatment' })).toBe(true);
    expect(isFreeRetreatment({ kind: 'scheduled' })).toBe(false);
    expect(isFreeRetreatment({})).toBe(false);
    expect(keepPaidVisits([{ id: 1, kind: 'scheduled' }, { id: 2, kind: 'retreatment' }, { id: 3 }]).map((v) => v.id)).toEqual([1, 3]);
  });

  it('name a re-treatment by its own label, any other visit by its service', () => {
    expect(serviceLabelKey({ serviceType: 'seasonal', kind: 'retreatment' })).toBe('retreatment');
    expect(serviceLabelKey({ serviceType: 'seasonal', kind: 'scheduled' })).toBe('seasonal');
    expect(serviceLabelKey({ serviceType: 'standingwater' })).toBe('standingwater');
  });
});
