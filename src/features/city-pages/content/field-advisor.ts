import type { CityContent } from '../city-content.types';

/** The entomologist quoted on every town page; each town has its own quote. */
export const FIELD_ADVISOR: Omit<CityContent['expert'], 'quote'> = {
  author: 'Dr. Elena Marchetti',
  role: {
    en: 'Entomologist and field advisor',
    fr: 'Entomologiste et conseillère terrain',
    es: 'Entomóloga y asesora de campo',
    de: 'Entomologin und Fachberaterin',
  },
};
