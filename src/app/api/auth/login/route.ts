import { NextResponse } from 'next/server';
import { getEnv } from '@/env';
import { LoginSchema } from '@/features/staff-auth/login.schema';
import { DEVICE_COOKIE, DEVICE_TRUST_MS, SESSION_COOKIE, isKnownDevice, signIn } from '@/features/staff-auth/session.service';
import { normaliseUsername } from '@/features/staff-auth/username';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit, refundRateLimit, resetRateLimit } from '@/server/rate-limit';
import { getClientIp, readCookie } from '@/server/request-locale';

// 10 failed attempts per 15 minutes per address and per username: slows guessing, not a person with
// a typo, and never an office whose staff all sign in from one address (a success costs nothing).
const LIMIT = { points: 10, durationSec: 15 * 60 };

export const POST = apiRoute(async ({ req }) => {
  const input = await parseJson(req, LoginSchema);
  const ip = getClientIp(req);
  // The same form sign-in matches by, so every spelling of one account shares one budget.
  const user = normaliseUsername(input.username);
  const device = readCookie(req, DEVICE_COOKIE);
  // A browser this account signed in from before has its own budget (0024): strangers spending the
  // account's budget cannot lock its owner out of the office computer or their phone.
  const known = device !== undefined && (await isKnownDevice(device, user));
  if (known) {
    await consumeRateLimit('login-device', `${user} ${device}`, LIMIT);
  } else {
    await consumeRateLimit('login-ip', ip, LIMIT);
    await consumeRateLimit('login-user', user, LIMIT);
  }
  const session = await signIn(input.username, input.password, { userAgent: req.headers.get('user-agent'), deviceToken: device });
  if (known) {
    await resetRateLimit('login-device', `${user} ${device}`);
  } else {
    await refundRateLimit('login-ip', ip);
    await resetRateLimit('login-user', user);
  }
  const secure = getEnv().APP_ENV === 'production';
  const res = NextResponse.json({ ok: true, displayName: session.displayName, role: session.role });
  res.cookies.set(SESSION_COOKIE, session.token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: session.expiresAt });
  res.cookies.set(DEVICE_COOKIE, session.deviceToken, {
    httpOnly: true, sameSite: 'lax', secure, path: '/api/auth/login', maxAge: DEVICE_TRUST_MS / 1000,
  });
  return res;
});
