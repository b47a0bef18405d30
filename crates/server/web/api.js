// The HTTP API as the pages call it: JSON in and out, typed errors thrown.

/** Calls the API: `body` sent as JSON, `token` as the bearer; the answer's JSON (or text).
 * Throws an Error with `kind` and `status` on an error answer. */
export async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data;
  try { data = JSON.parse(text); } catch { data = text; }
  if (!r.ok) {
    const e = (data && data.error) || { kind: `HTTP${r.status}`, message: text };
    throw Object.assign(new Error(`${e.kind}: ${e.message}`), { kind: e.kind, status: r.status });
  }
  return data;
}
