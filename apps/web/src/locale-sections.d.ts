/** Sections of the locale files, built by vite.config.ts's locale-sections plugin: a loader per language. */
declare module 'virtual:locale/*' {
  const texts: Record<'en' | 'th', () => Promise<{ default: Record<string, object> }>>;
  export default texts;
}
