import { NextResponse } from 'next/server';
import { SESSION_COOKIE, signOut } from '@/features/staff-auth/session.service';
import { apiRoute } from '@/server/handler';

export const POST = apiRoute(async ({ req }) => {
  const token = /(?:^|;\s*)staff_session=([^;]+)/.exec(req.headers.get('cookie') ?? '')?.[1];
  await signOut(token);
  const res = NextResponse.json({ ok: true });
  res.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
  return res;
});
