import { sql } from 'drizzle-orm';
import { getDb } from './client';

export async function pingDatabase(): Promise<boolean> {
  try {
    await (await getDb()).execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
