import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { securityHeaders } from './src/lib/security-headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pino', 'highs'],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  experimental: { globalNotFound: true },
  // `npm test` typechecks the whole project as its own stage; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  images: { formats: ['image/avif', 'image/webp'] },
  // Every response, pages and API alike (docs/decisions/0022). On pages src/proxy.ts replaces the
  // content security policy with one carrying the request's nonce (0053).
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders({ dev: process.env.NODE_ENV === 'development' }) }];
  },
};

export default withNextIntl(nextConfig);
