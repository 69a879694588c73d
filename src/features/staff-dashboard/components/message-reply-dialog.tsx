'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { createTranslator, useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { type MessageReply, MessageReplySchema } from '@/features/contact/contact.schema';
import { composeMessageReply, type MessageReplyFrame } from '@/features/contact/message-reply';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { callStaffApi, readRefusal } from './staff-api';

/** The message being answered, as the Messages tab lists it. */
export type RepliedMessage = { id: number; name: string; email: string; content: string; /** The language they wrote in, the reply's. */ locale: string };
export type SavedReply = { status: string; responseContent: string | null; respondedAt: string | null };

/**
 * "Reply" on a contact message: the office writes its answer under the visitor's message; the
 * server emails it in the visitor's language and files the message as replied. A refusal keeps
 * what was typed in the box.
 */
export function MessageReplyDialog({ message, frame, onClose, onSent, onRefused }: {
  message: RepliedMessage | null; onClose: () => void; onSent: (id: number, reply: SavedReply) => void;
  /** What the preview writes the letter with, in the visitor's language (docs/decisions/0063). */
  frame: MessageReplyFrame;
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
      {message ? <ReplyForm message={message} frame={frame} onCancel={onClose} onSent={onSent} onRefused={onRefused} /> : null}
    </FormDialog>
  );
}

function ReplyForm({ message, frame, onCancel, onSent, onRefused }: {
  message: RepliedMessage; frame: MessageReplyFrame; onCancel: () => void; onSent: (id: number, reply: SavedReply) => void; onRefused: () => void;
}) {
  const t = useTranslations('adminDashboard');
  const tAll = useTranslations();
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, control, formState: { errors, isSubmitting } } = useForm<MessageReply>({ resolver: zodResolver(MessageReplySchema), defaultValues: { body: '' } });
  const body = useWatch({ control, name: 'body' }) ?? '';

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
      <ReplyPreview message={message} frame={frame} body={body} />
      {refusal ? <p role="alert" className="text-sm text-red-700">{refusal}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>{t('reply.cancel')}</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? t('reply.sending') : t('reply.send')}</Button>
      </div>
    </form>
  );
}

/**
 * The letter as the visitor will read it, in their language, written by the function the server
 * sends with: the email's greeting only when the text has none, the text, the business's closing.
 * The box keeps one height whatever it holds, so the buttons below never move while typing.
 */
function ReplyPreview({ message, frame, body }: { message: RepliedMessage; frame: MessageReplyFrame; body: string }) {
  const t = useTranslations('adminDashboard');
  const staffLocale = useLocale();
  const id = useId();
  const locale = message.locale in frame.messages ? message.locale : 'en';
  const translate = useMemo(() => createTranslator({ locale, messages: frame.messages[locale]!, onError: () => {} }), [frame, locale]);
  const letter = composeMessageReply({ reply: body, name: message.name, branch: frame.branch }, (key, values) => translate(key, values));
  const language = new Intl.DisplayNames([staffLocale], { type: 'language' }).of(locale) ?? locale;
  return (
    <div className="space-y-1">
      <p id={`${id}-label`} className="text-sm font-medium text-gray-700">{t('reply.previewLabel', { name: message.name, language })}</p>
      {/* Focusable, so a keyboard can scroll a long reply. */}
      <div role="region" aria-labelledby={`${id}-label`} tabIndex={0} className="h-44 overflow-y-auto rounded-md border border-gray-200 bg-white px-3 py-2 text-sm text-gray-800">
        <div lang={locale} className="space-y-3 whitespace-pre-wrap break-words">
          {letter.greeting !== null ? <p>{letter.greeting}</p> : null}
          {letter.body ? <p>{letter.body}</p> : null}
          <p className="border-t border-gray-200 pt-2 text-xs text-gray-600">{letter.footer}<br />{letter.sender}</p>
        </div>
      </div>
      {/* Said once when the greeting comes or goes, not at every key. */}
      <p aria-live="polite" className="sr-only">
        {letter.greeting === null ? t('reply.previewOwnGreeting') : t('reply.previewAddsGreeting', { greeting: letter.greeting })}
      </p>
    </div>
  );
}
