import type { MetadataRoute } from 'next';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import { listServedCitySlugs } from '@/features/city-pages/city-content';
import { buildSitemapEntries } from '@/features/seo/sitemap';

// Built per request so PUBLIC_SITE_URL is read at run time, not frozen at build time, and the town
// pages follow the served prefixes (0106) from getBranch()'s cache, which the owner's switch empties.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const branch = await getBranch();
  return buildSitemapEntries(getEnv().PUBLIC_SITE_URL, listServedCitySlugs(branch.settings.servedPrefixes));
}
