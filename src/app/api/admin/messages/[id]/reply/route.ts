import { MessageReplySchema } from '@/features/contact/contact.schema';
import { replyToMessage } from '@/features/contact/contact.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/** POST { body } (admins): emails the office's reply to the visitor and files the message as replied. */
export const POST = apiRoute<{ id: string }>(async ({ req, params }) => {
  await requireStaff({ can: 'officeWork' });
  const reply = await parseJson(req, MessageReplySchema);
  return replyToMessage(readRecordId(params.id), reply);
});
