import { NextResponse } from 'next/server';
import { getEnv } from '@/env';
import { LoginSchema } from '@/features/staff-auth/login.schema';
import { SESSION_COOKIE, signIn } from '@/features/staff-auth/session.service';
import { normaliseUsername } from '@/features/staff-auth/username';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit, refundRateLimit, resetRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

// 10 failed attempts per 15 minutes per address and per username: slows guessing, not a person with
// a typo, and never an office whose staff all sign in from one address (a success costs nothing).
const LIMIT = { points: 10, durationSec: 15 * 60 };

export const POST = apiRoute(async ({ req }) => {
  const input = await parseJson(req, LoginSchema);
  const ip = getClientIp(req);
  // The same form sign-in matches by, so every spelling of one account shares one budget.
  const user = normaliseUsername(input.username);
  await consumeRateLimit('login-ip', ip, LIMIT);
  await consumeRateLimit('login-user', user, LIMIT);
  const session = await signIn(input.username, input.password, { userAgent: req.headers.get('user-agent') });
  await refundRateLimit('login-ip', ip);
  await resetRateLimit('login-user', user);
  const res = NextResponse.json({ ok: true, displayName: session.displayName });
  res.cookies.set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().APP_ENV === 'production',
    path: '/',
    expires: session.expiresAt,
  });
  return res;
});
