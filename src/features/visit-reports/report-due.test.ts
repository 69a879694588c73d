import { describe, expect, it } from 'vitest';
import { findReportVisits } from './report-due';

const QUEUED = new Date('2027-06-11T15:00:00Z');
const visit = (id: number, status: string, serviceType = 'onetime', visitReportQueuedAt: Date | null = null) => ({ id, status, serviceType, visitReportQueuedAt });

describe('findReportVisits', () => {
  it.each([
    ['the only visit of the day done', [visit(1, 'completed')], [1]],
    ['a treatment and its standing-water visit both done', [visit(1, 'completed'), visit(2, 'completed', 'standingwater')], [1, 2]],
    ['one of the two still to do: the last done mark sends it', [visit(1, 'completed'), visit(2, 'confirmed', 'standingwater')], null],
    ['a report already queued for the day (done, taken back, done again)', [visit(1, 'completed', 'onetime', QUEUED)], null],
    ['the day reported, its second visit done again after an Undo', [visit(1, 'completed', 'onetime', QUEUED), visit(2, 'completed', 'standingwater', QUEUED)], null],
    ['a cancelled visit of the day is neither waited for nor named', [visit(1, 'completed'), visit(2, 'cancelled', 'standingwater')], [1]],
    ['a consultation alone', [visit(1, 'completed', 'consult')], null],
    ['nothing done', [visit(1, 'confirmed')], null],
  ])('%s', (_, visits, expected) => {
    expect(findReportVisits(visits)?.map((v) => v.id) ?? null).toEqual(expected);
  });
});
