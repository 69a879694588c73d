/**
 * Why a technician could not treat a visit on its day (docs/decisions/0085): no way into the yard,
 * people or a pet in it, the customer asked to skip, the weather, or something else the technician
 * describes in a note. Here rather than in the schema so the day sheet can list them without
 * loading table definitions.
 */
export const NOT_TREATED_REASONS = ['no-access', 'people-or-pets', 'customer-asked', 'weather', 'other'] as const;
export type NotTreatedReason = (typeof NOT_TREATED_REASONS)[number];

/** The reason that says nothing by itself: the technician's note carries it. */
export function isNoteRequired(reason: NotTreatedReason): boolean {
  return reason === 'other';
}
