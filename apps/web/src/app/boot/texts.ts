// The first step of the app's start (main.tsx): i18next and the shell's texts in the page's language,
// whose download starts as this module runs.
export { textsArrived } from '../../shared/i18n/i18n.ts';
