import 'server-only';
import { hkdfSync } from 'node:crypto';
import { getEnv } from '@/env';

let keysOf: { secret: string; keys: Map<string, Buffer> } | undefined;

/**
 * A key of the customers' signed links (manage-booking 0032, unsubscribe 0043, booking invitation
 * 0105): 256 bits derived with HKDF-SHA256 from `BOOKING_LINK_SECRET` under the link's own label, so
 * no link's key opens another kind. Local runs without the secret use `developmentSecret`
 * (production refuses to start without it, src/env.ts). Kept until the secret changes.
 */
export function deriveLinkKey(label: string, developmentSecret: string): Buffer {
  const secret = getEnv().BOOKING_LINK_SECRET ?? developmentSecret;
  if (keysOf?.secret !== secret) keysOf = { secret, keys: new Map() };
  let key = keysOf.keys.get(label);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, '', label, 32));
    keysOf.keys.set(label, key);
  }
  return key;
}
