/** The gateway's page in the member's language (the sandbox reads `lang`; it is the app's origin). */
export const paymentPageIn = (uri: string, lang: string) =>
  lang === 'th' ? `${uri}${uri.includes('?') ? '&' : '?'}lang=th` : uri;
