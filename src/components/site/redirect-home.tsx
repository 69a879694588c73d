'use client';
import { useEffect } from 'react';

/** SPEC: an unknown city shows 'Redirecting...' and then goes to the home page. */
export function RedirectHome({ href, label }: { href: string; label: string }) {
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <p className="text-lg">{label}</p>
    </div>
  );
}
