'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { type MessageReply, MessageReplySchema } from '@/features/contact/contact.schema';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { callStaffApi, readRefusal } from './staff-api';

/** The message being answered, as the Messages tab lists it. */
export type RepliedMessage = { id: number; name: string; email: string; content: string };
export type SavedReply = { status: string; responseContent: string | null; respondedAt: string | null };

/**
 * "Reply" on a contact message: the office writes its answer under the visitor's message; the
 * server emails it in the visitor's language and files the message as replied. A refusal keeps
 * what was typed in the box.
 */
export function MessageReplyDialog({ message, onClose, onSent, onRefused }: {
  message: RepliedMessage | null; onClose: () => void; onSent: (id: number, reply: SavedReply) => void;
  /** The server refused (another admin answered meanwhile): the list is read again; the box keeps its text. */
  onRefused: () => void;
}) {
  const t = useTranslations('adminDashboard');
  return (
    <FormDialog
      open={message !== null}
      onClose={onClose}
      title={t('reply.title', { name: message?.name ?? '' })}
      description={t('reply.description', { email: message?.email ?? '' })}
      closeLabel={t('reply.cancel')}
    >
      {message ? <ReplyForm message={message} onCancel={onClose} onSent={onSent} onRefused={onRefused} /> : null}
    </FormDialog>
  );
}

function ReplyForm({ message, onCancel, onSent, onRefused }: {
  message: RepliedMessage; onCancel: () => void; onSent: (id: number, reply: SavedReply) => void; onRefused: () => void;
}) {
  const t = useTranslations('adminDashboard');
  const tAll = useTranslations();
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<MessageReply>({ resolver: zodResolver(MessageReplySchema), defaultValues: { body: '' } });

  const send = handleSubmit(async (values) => {
    setRefusal(null);
    const answer = await callStaffApi<SavedReply>(`/api/admin/messages/${message.id}/reply`, { method: 'POST', body: values });
    if (!answer.ok || !answer.body) {
      const reason = readRefusal(answer.body) ?? t('updateFailed');
      setRefusal(reason);
      toast({ variant: 'destructive', title: t('reply.failedTitle'), description: reason });
      if (answer.body) onRefused();
      return;
    }
    onSent(message.id, answer.body);
    toast({ title: t('reply.sentTitle'), description: t('reply.sentBody', { name: message.name }) });
  });

  const fieldError = errors.body?.message ? tAll(errors.body.message) : null;
  return (
    <form noValidate onSubmit={send} className="space-y-4">
      <figure className="space-y-1">
        <figcaption className="text-sm font-medium text-gray-700">{t('reply.theirMessage')}</figcaption>
        <blockquote className="max-h-40 overflow-y-auto whitespace-pre-wrap rounded-md border-l-4 border-gray-300 bg-gray-50 px-3 py-2 text-sm text-gray-700">{message.content}</blockquote>
      </figure>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-body`}>{t('reply.label')}</Label>
        <textarea
          id={`${id}-body`}
          rows={6}
          maxLength={FIELD_LIMITS.message}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-base aria-invalid:border-red-600"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-body-error` : undefined}
          {...register('body')}
        />
        {fieldError ? <p id={`${id}-body-error`} className="text-sm text-red-700">{fieldError}</p> : null}
      </div>
      {refusal ? <p role="alert" className="text-sm text-red-700">{refusal}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>{t('reply.cancel')}</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? t('reply.sending') : t('reply.send')}</Button>
      </div>
    </form>
  );
}
