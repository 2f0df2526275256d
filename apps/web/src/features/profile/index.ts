export { useChangeLanguage } from './hooks/use-change-language.ts';
