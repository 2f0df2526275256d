/**
 * Navigation for code outside React components (the auth store's logout and profile save).
 * The app registers the router's `navigate`; until then a full page load is the fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigator: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(next: Navigate): void {
  navigator = next;
}

export async function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  await navigator(to, options);
}
