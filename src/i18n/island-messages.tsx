'use client';
import type { AbstractIntlMessages } from 'next-intl';
import { createContext, type ReactNode, useContext } from 'react';

export interface IslandMessages {
  locale: string;
  messages: AbstractIntlMessages;
}

const IslandMessagesContext = createContext<IslandMessages | null>(null);

/**
 * Holds a page's client messages without loading the translation runtime. The page's lazily
 * loaded islands read them through `withIslandIntl`, which brings next-intl in their own chunk,
 * so a page whose islands have not been opened ships no message formatter (decision 0013).
 */
export function IslandMessagesProvider({ locale, messages, children }: IslandMessages & { children: ReactNode }) {
  return <IslandMessagesContext.Provider value={{ locale, messages }}>{children}</IslandMessagesContext.Provider>;
}

export function useIslandMessages(): IslandMessages | null {
  return useContext(IslandMessagesContext);
}
