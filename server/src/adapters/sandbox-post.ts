import type { App } from '../http.ts';

/** What a partner's callback route answered: the HTTP status and the envelope's rspCode ('' when not JSON). */
export interface PostAnswer {
  status: number;
  rspCode: string;
}

/**
 * Posts a sandbox partner's signed body to one of our own callback routes through app.inject, so it passes the
 * same verification a real partner's call would. A callback counts as delivered only on HTTP 200 with 0000.
 */
export async function postToOwnRoute(
  app: App,
  url: string,
  headers: Record<string, string>,
  rawBody: string,
): Promise<PostAnswer & { delivered: boolean }> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: rawBody,
  });
  let rspCode = '';
  try {
    rspCode = (res.json() as { response?: { rspCode?: string } }).response?.rspCode ?? '';
  } catch {
    rspCode = '';
  }
  return { status: res.statusCode, rspCode, delivered: res.statusCode === 200 && rspCode === '0000' };
}
