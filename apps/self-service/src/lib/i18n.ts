import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { common } from './common-messages';

/** The site speaks the languages the platform writes documents and notifications in: English and Spanish. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The platform's language ids (`GET /document-languages`, a customer's `id_prefered_language`). */
export const LANGUAGE_IDS: Record<Language, number> = { en: 1, es: 2 };
export const languageOfId = (id: number | null | undefined): Language | null =>
  (Object.entries(LANGUAGE_IDS).find(([, value]) => value === id)?.[0] as Language | undefined) ?? null;

const STORAGE_KEY = 'voltin.language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language a visitor chose before, else their browser's when it is one of ours, else English. */
function firstLanguage(): Language {
  const chosen = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(chosen)) return chosen;
  const browser = navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

/**
 * One namespace per part of the site, each with its English and Spanish messages side by side: a message missing in
 * Spanish is a type error (`Messages<typeof en>`), not a blank on the page.
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
export type Namespace<T> = { en: T; es: Messages<T> };

export function addMessages<T extends object>(name: string, messages: Namespace<T>) {
  for (const language of LANGUAGES) i18next.addResourceBundle(language, name, messages[language], true, true);
}

i18next.use(initReactI18next).init({
  lng: firstLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  resources: { en: { common: common.en }, es: { common: common.es } },
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18next.language;

/** Switches the site's language and remembers the choice in this browser. */
export function useLanguageSwitch() {
  return (language: Language) => {
    localStorage.setItem(STORAGE_KEY, language);
    document.documentElement.lang = language;
    return i18next.changeLanguage(language);
  };
}

/** The platform's id of the language the site is shown in, for documents in that language. */
export function useLanguageId(): number {
  const { i18n } = useTranslation();
  return LANGUAGE_IDS[isLanguage(i18n.language) ? i18n.language : 'en'];
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'en');

export { i18next };
