import './globals.css';
import type { Metadata } from 'next';
import { NotFoundCard } from '@/components/site/not-found-card';

export const metadata: Metadata = { title: '404 Page Not Found' };

// Paths no route matches at all (file names, for instance). English: no locale can be known here.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <NotFoundCard title="404 Page Not Found" body="Did you forget to add the page to the router?" homeHref="/" homeLabel="Go to the home page" />
      </body>
    </html>
  );
}
