'use client';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { buildDirectBuyQuery, DIRECT_BUY_REDIRECT_MS, DIRECT_BUY_TOAST_MS, parseDirectBuy } from '../direct-buy';

/** SPEC "Direct-buy mode": `/?directBuy=true&…` shows a toast, then forwards to /checkout-new. */
export function DirectBuyRedirect({ checkoutPath, title, template, serviceNames }: {
  checkoutPath: string; title: string; template: string; serviceNames: Record<string, string>;
}) {
  const router = useRouter();
  useEffect(() => {
    const request = parseDirectBuy(new URLSearchParams(window.location.search));
    if (!request) return;
    const description = template.replace('{service}', serviceNames[request.service] ?? request.service);
    toast({ title, description, duration: DIRECT_BUY_TOAST_MS });
    const timer = setTimeout(() => router.push(`${checkoutPath}?${buildDirectBuyQuery(request)}`), DIRECT_BUY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [checkoutPath, title, template, serviceNames, router]);
  return null;
}
