import { getRequestConfig } from 'next-intl/server';
import { loadMessages } from './messages';
import { toLocale } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = toLocale(requested);
  return {
    locale,
    messages: loadMessages(locale),
    timeZone: 'America/Toronto',
    onError: (error) => {
      if (error.code !== 'MISSING_MESSAGE') console.error(error);
    },
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
  };
});
