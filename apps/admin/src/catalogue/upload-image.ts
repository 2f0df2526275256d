import { ApiError, NETWORK_ERROR } from '../api/client.ts';
import { session } from '../api/session.ts';
import { currentLanguage } from '../shared/i18n.ts';

export type UploadedImage = { file: string; url: string; width: number; height: number };

/**
 * POST /catalogue/images as multipart (the API client speaks JSON only). The server re-encodes the
 * picture as WebP and answers its name for the form's *File fields and a URL for the preview.
 */
export async function uploadCatalogueImage(file: File, kind: string): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/admin/api/catalogue/images?kind=${encodeURIComponent(kind)}`, {
      method: 'POST',
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, []);
  }
  const payload = (await res.json().catch(() => null)) as {
    success?: boolean;
    data?: UploadedImage;
    code?: string;
    message?: unknown;
  } | null;
  if (res.ok && payload?.success && payload.data) return payload.data;
  const messages = Array.isArray(payload?.message)
    ? payload.message.filter((m): m is string => typeof m === 'string')
    : [];
  throw new ApiError(res.status, payload?.code ?? `http_${res.status}`, messages);
}
