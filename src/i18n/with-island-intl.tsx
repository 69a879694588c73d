'use client';
import { NextIntlClientProvider } from 'next-intl';
import type { ComponentType } from 'react';
import { useIslandMessages } from './island-messages';

/**
 * Wraps a lazily loaded island in next-intl's provider with the page's island messages. Import
 * this module only from a dynamic `import()`, so next-intl stays out of the page's first load.
 * Without an `IslandMessagesProvider` above, the island relies on the page's own provider.
 */
export function withIslandIntl<P extends object>(Island: ComponentType<P>): ComponentType<P> {
  function IslandWithIntl(props: P) {
    const intl = useIslandMessages();
    if (!intl) return <Island {...props} />;
    return (
      <NextIntlClientProvider locale={intl.locale} messages={intl.messages}>
        <Island {...props} />
      </NextIntlClientProvider>
    );
  }
  IslandWithIntl.displayName = `WithIslandIntl(${Island.displayName ?? Island.name})`;
  return IslandWithIntl;
}
