import { checkPostalCode } from '@/features/service-area/service-area.service';
import { formatPostalCode } from '@/features/service-area/postal-code';
import { getTranslator } from '@/i18n/messages';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/**
 * `{ inServiceArea, postalCode, area }`; an unserved code also gets SPEC's sentence as `message`.
 */
export const GET = apiRoute<{ postalCode: string }>(async ({ params, locale }) => {
  const answer = await checkPostalCode(readRouteParam(params.postalCode));
  const t = getTranslator(locale);
  const message = answer.inServiceArea
    ? t('serviceArea.insideArea', { area: answer.area ?? '' })
    : t('serviceArea.outsideArea', { postalCode: formatPostalCode(answer.postalCode) });
  return { ...answer, message };
});
