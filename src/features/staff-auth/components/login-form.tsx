'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { localePath } from '@/components/site/locale-paths';
import { toast } from '@/components/ui/use-toast';
import { findDaySheetDevice, removeDaySheetCaches } from '@/features/routing/components/day-sheet-on-device';
import { useHydrated } from '@/lib/use-hydrated';
import { type LoginInput, LoginSchema } from '../login.schema';
import { safeNextPath } from '../safe-next-path';

export function LoginForm({ next }: { next: string | null }) {
  const hydrated = useHydrated();
  const t = useTranslations('staffAuth');
  const te = useTranslations();
  const locale = useLocale();
  const { register, handleSubmit, formState, setFocus } = useForm<LoginInput>({ resolver: zodResolver(LoginSchema), defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = formState;
  const router = useRouter();
  // The form is the page's one task: the cursor waits in Username, unless someone already clicked
  // or tabbed elsewhere before the page became interactive.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) setFocus('username');
  }, [setFocus]);

  const onSubmit = async (values: LoginInput) => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify(values),
    }).catch(() => null);
    if (res?.ok) {
      const { role } = ((await res.json().catch(() => null)) ?? {}) as { role?: string };
      // The day sheet kept on this phone was rendered for whoever signed in last (0048): never shown to this account.
      await removeDaySheetCaches(findDaySheetDevice());
      toast({ title: t('loginSuccessTitle'), description: role === 'technician' ? t('loginSuccessBodyTechnician') : t('loginSuccessBody') });
      // A client-side navigation keeps the toast on screen; refresh() makes the server components
      // render again with the new session cookie.
      // A technician has one screen, their day sheet (0014): straight there, not to a card linking to it (0110).
      router.replace(safeNextPath(next, window.location.origin) ?? (role === 'technician' ? localePath(locale, '/day-sheet') : window.location.pathname));
      router.refresh();
      return;
    }
    const body = (await res?.json().catch(() => null)) as { message?: string } | null;
    toast({
      variant: 'destructive',
      title: t('loginFailedTitle'),
      description: res?.status === 401 ? t('invalidCredentials') : body?.message ?? te('errors.generic'),
    });
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="username">{t('username')}</Label>
        <Input id="username" autoComplete="username" required aria-invalid={!!errors.username} aria-describedby={errors.username ? 'username-error' : undefined} {...register('username')} />
        {errors.username?.message ? <p id="username-error" className="text-sm text-red-700">{te(errors.username.message)}</p> : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">{t('password')}</Label>
        <Input id="password" type="password" autoComplete="current-password" required aria-invalid={!!errors.password} aria-describedby={errors.password ? 'password-error' : undefined} {...register('password')} />
        {errors.password?.message ? <p id="password-error" className="text-sm text-red-700">{te(errors.password.message)}</p> : null}
      </div>
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? t('loggingIn') : t('login')}
      </Button>
    </form>
  );
}
