/**
 * What a push message carries (the server sends it as JSON): the notification's title and text, the
 * app address a tap opens, and optionally a tag — a newer notification with the same tag replaces the
 * older one instead of piling up.
 */
export type PushPayload = { title: string; body: string; url: string; tag?: string };

/** The payload, or null when the message is not one (a push with no usable title shows nothing). */
export function parsePushPayload(text: string): PushPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '') return null;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: typeof url === 'string' && url.startsWith('/') ? url : '/',
    ...(typeof tag === 'string' && tag !== '' && { tag }),
  };
}
