import { NextResponse } from 'next/server';
import { pingDatabase } from '@/db/health';

export const dynamic = 'force-dynamic';

export async function GET() {
  const ok = await pingDatabase();
  return NextResponse.json({ ok }, { status: ok ? 200 : 503 });
}
