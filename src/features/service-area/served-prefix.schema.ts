import { z } from 'zod';

/**
 * The owner's switch of one served prefix at /business (docs/decisions/0088): `{ prefix, served }`,
 * the prefix as the screen lists it, in any spacing or case. Client-safe.
 */
export const ServedPrefixSwitchSchema = z.object({
  prefix: z.string('serviceAreaAdmin.errors.unknownPrefix').trim().min(1, 'serviceAreaAdmin.errors.unknownPrefix').max(12, 'serviceAreaAdmin.errors.unknownPrefix'),
  served: z.boolean('serviceAreaAdmin.errors.servedRequired'),
});

export type ServedPrefixSwitch = z.infer<typeof ServedPrefixSwitchSchema>;
