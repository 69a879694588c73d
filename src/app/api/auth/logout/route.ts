import { NextResponse } from 'next/server';
import { SESSION_COOKIE, signOut } from '@/features/staff-auth/session.service';
import { apiRoute } from '@/server/handler';
import { readCookie } from '@/server/request-locale';

export const POST = apiRoute(async ({ req }) => {
  const token = readCookie(req, SESSION_COOKIE);
  await signOut(token);
  const res = NextResponse.json({ ok: true });
  res.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
  return res;
});
