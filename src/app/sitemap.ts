import type { MetadataRoute } from 'next';
import { getEnv } from '@/env';
import { buildSitemapEntries } from '@/features/seo/sitemap';

// Built per request so PUBLIC_SITE_URL is read at run time, not frozen at build time.
export const dynamic = 'force-dynamic';

export default function sitemap(): MetadataRoute.Sitemap {
  return buildSitemapEntries(getEnv().PUBLIC_SITE_URL);
}
