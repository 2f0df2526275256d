/** An API answer as `fetch` gives it: `body` as JSON with `status`. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The API's success envelope around `data`. */
export const ok = (data: unknown) => json(200, { success: true, data });
