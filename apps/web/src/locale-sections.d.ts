/** Sections of the locale files, built by vite.config.ts's locale-sections plugin. */
declare module 'virtual:locale/*' {
  const texts: { en: Record<string, object>; th: Record<string, object> };
  export default texts;
}
