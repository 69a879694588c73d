import type { MetadataRoute } from 'next';
import { getEnv } from '@/env';
import { buildRobots } from '@/features/seo/sitemap';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return buildRobots(getEnv().PUBLIC_SITE_URL);
}
