import { z } from 'zod';

/** POST /api/admin/season-opener: the season the office saw in the preview; another one is refused. */
export const SeasonOpenerSendSchema = z.object({
  year: z.number('errors.invalidField').int('errors.invalidField').min(2000, 'errors.invalidField').max(2200, 'errors.invalidField'),
});
export type SeasonOpenerSend = z.infer<typeof SeasonOpenerSendSchema>;
