import { createCipheriv, createHmac, hkdfSync } from 'node:crypto';

/**
 * A "Manage your booking" token in 0032's format (version 1: the reference alone), as the links
 * emailed before 0050 were made, under the development key the tests run with. The application no
 * longer writes this format; tests use it to show such links still open their booking while its
 * link generation is 0. `manage-link.test.ts` holds it equal to tokens the 0032 code printed.
 */
export function sealVersionOneToken(bookingRef: string, secret = 'local-development-only: manage-booking links of the demo site'): string {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, '', info, 32));
  const nonce = createHmac('sha256', derive('manage-booking:nonce')).update(bookingRef, 'utf8').digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', derive('manage-booking:seal'), nonce, { authTagLength: 16 });
  cipher.setAAD(Buffer.from('escarpment manage-booking link v1'));
  const sealed = Buffer.concat([cipher.update(bookingRef, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
}
