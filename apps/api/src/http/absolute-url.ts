/** An absolute http(s) URL without credentials; `//host` (protocol-relative), `javascript:` and others are not. */
export function parsedHttpUrl(value: string): URL | null {
  if (!/^https?:\/\/[^/\\]/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
  return url;
}
