import 'server-only';
import { sql } from 'drizzle-orm';
import { appointments } from '@/db/schema/appointments';
import { staffUsers } from '@/db/schema/staff';

/**
 * A visit's "could not treat" mark (0085) as the day sheet, the route manager and the office's
 * visit list show it: why, the note, when, and who said so (their staff name now, null once the
 * account is gone), for any query reading appointments.
 */
export const notTreatedColumns = {
  notTreatedReason: appointments.notTreatedReason,
  notTreatedNote: appointments.notTreatedNote,
  notTreatedAt: appointments.notTreatedAt,
  notTreatedBy: sql<string | null>`(select ${staffUsers.displayName} from ${staffUsers} where ${staffUsers.id} = ${appointments.notTreatedById})`,
};
