declare module 'virtual:locale-admin' {
  const texts: { en: Record<string, unknown>; th: Record<string, unknown> };
  export default texts;
}
