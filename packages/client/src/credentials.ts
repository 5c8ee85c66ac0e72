/** Where the gallery is and who calls it: a personal API token, or a signed-in session's cookie. */
export type Credentials =
  | { url: string; token: string; cookie?: never }
  | { url: string; cookie: string; token?: never };

/** The headers that carry the credentials: `Authorization: Bearer <token>`, or the `Cookie` as given. */
export function credentialHeaders(credentials: Credentials): Record<string, string> {
  if (credentials.token !== undefined) return { authorization: `Bearer ${credentials.token}` };
  return { cookie: credentials.cookie };
}

export const trimmedUrl = (url: string) => url.replace(/\/+$/, "");
