/**
 * The chat platforms a listing links to: the ONE registry. The form schemas and fields, cards, the
 * listing page, filters, stats and charts, page heads, the REST description and the api's SQL read it.
 * A listing keeps per platform an identifier and a URL, named from the key everywhere: `<key>Cid` and
 * `<key>Url` at the edges (the spec's `polybuzzCid`, ...), `<key>_cid` and `<key>_url` in SQL, and the
 * key itself as a click-out's stat kind. Adding a platform: an entry here (with the hosts its links may lead to)
 * and a migration adding its two columns and its stat kind (docs/ARCHITECTURE.md, "What a change touches").
 */
export const PLATFORM_REGISTRY = {
  // Chart colours per theme: each at least 3:1 against the card in its theme (WCAG non-text contrast).
  // Hosts: where the platform's links may lead, each with its subdomains (www.polybuzz.ai); a listing's URL
  // on any other host is refused, and `/go` never sends anyone elsewhere (isPlatformLink below).
  polybuzz: { name: "Polybuzz", color: { light: "#a21caf", dark: "#e879f9" }, hosts: ["polybuzz.ai"] },
  roleplaya: { name: "Roleplaya", color: { light: "#b45309", dark: "#fbbf24" }, hosts: ["roleplaya.com"] },
} as const satisfies Record<
  string,
  { name: string; color: { light: string; dark: string }; hosts: readonly [string, ...string[]] }
>;

export type Platform = keyof typeof PLATFORM_REGISTRY;
/** Every platform, in the order forms, cards, filters and charts list them. */
export const PLATFORMS = Object.keys(PLATFORM_REGISTRY) as [Platform, ...Platform[]];

export type PlatformCidField = `${Platform}Cid`;
export type PlatformUrlField = `${Platform}Url`;
export type PlatformField = PlatformCidField | PlatformUrlField;

/** Whether a key names a platform of the registry (a `/go` address's last part is one only then). */
export const isPlatform = (key: string): key is Platform => Object.hasOwn(PLATFORM_REGISTRY, key);

/**
 * A `/go/{id}/{platform}` address whose platform is none of the registry's: not a link that stopped working but
 * one that never could (a 404 for clients, the page a browser shows).
 */
export const UNKNOWN_PLATFORM_TEXTS = {
  /** The 404's message. */
  refusal: "Unknown platform: this address is wrong",
  /** The page's title and what it says. */
  title: "This address is wrong",
  message: (platform: string) =>
    `“${platform.length > 40 ? `${platform.slice(0, 40)}…` : platform}” is not a platform this gallery links to, so this address leads nowhere. Check the link you followed, or find the chatbot in the gallery.`,
} as const;

export const cidField = <P extends Platform>(platform: P) => `${platform}Cid` as const;
export const urlField = <P extends Platform>(platform: P) => `${platform}Url` as const;

/** The words a platform is shown with (the spec's form labels: 'Polybuzz ID', the admin's 'Polybuzz CID'). */
export function platformLabels(platform: Platform) {
  const name = PLATFORM_REGISTRY[platform].name;
  return { name, id: `${name} ID`, cid: `${name} CID`, url: `${name} URL` };
}

/** One value per platform, keyed by platform (stat counts, chart series). */
export function perPlatform<T>(make: (platform: Platform) => T): Record<Platform, T> {
  return Object.fromEntries(PLATFORMS.map((platform) => [platform, make(platform)])) as Record<Platform, T>;
}

/** Every platform field, in the order the spec lists them: each platform's identifier, then its URL. */
export const PLATFORM_FIELDS = PLATFORMS.flatMap((platform) => [
  { name: cidField(platform), platform, part: "cid" as const },
  { name: urlField(platform), platform, part: "url" as const },
]);
export type PlatformFieldInfo = (typeof PLATFORM_FIELDS)[number];

/** One value per platform field, keyed by its name (schema shapes, form values and labels). */
export function perPlatformField<T>(make: (field: PlatformFieldInfo) => T): Record<PlatformField, T> {
  return Object.fromEntries(PLATFORM_FIELDS.map((field) => [field.name, make(field)])) as Record<PlatformField, T>;
}

/** Any of a listing's platform fields (a listing, a form's values, a test's partial listing). */
export type PlatformValues = { [K in PlatformField]?: string | null | undefined };

/**
 * The platforms a listing is on. By identifier (the spec's card, series, profile and dashboard counts:
 * "polybuzz if a polybuzzCid exists"), or by link, identifier or URL (the admin table, the listing page).
 */
export function platformsOf(listing: PlatformValues, by: "identifier" | "link" = "identifier"): Platform[] {
  return PLATFORMS.filter((platform) => listing[cidField(platform)] || (by === "link" && listing[urlField(platform)]));
}

const namesInSentence: Partial<Record<"conjunction" | "disjunction", string>> = {};

/**
 * The platforms' names in a sentence: 'Polybuzz and Roleplaya', 'Polybuzz or Roleplaya'. Made once per kind: a
 * list formatter loads locale data when built (a tenth of a second of a slow phone's first paint).
 */
export function platformNames(type: "conjunction" | "disjunction"): string {
  namesInSentence[type] ??= new Intl.ListFormat("en", { type }).format(
    PLATFORMS.map((platform) => PLATFORM_REGISTRY[platform].name),
  );
  return namesInSentence[type];
}

/**
 * An http(s) link's host, when every URL parser reads the same host from it; otherwise null. Browsers read
 * `https://polybuzz.ai\@evil.example` as polybuzz.ai and older parsers as evil.example, so anything read two
 * ways is refused: backslashes, spaces and control characters anywhere, credentials (`user@`), escapes, an
 * address in brackets, a missing `//`. What stays is `http(s)://` + a plain host name + an optional port.
 */
export function linkHost(value: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  const authority = /^https?:\/\/([a-z0-9.-]+)(?::\d{1,5})?(?:[/?#]|$)/i.exec(value);
  if (!authority) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  const host = authority[1]!.toLowerCase();
  return parsed.hostname === host ? host : null;
}

/** Whether a host is one of the platform's hosts or a subdomain of one (`www.polybuzz.ai`, not `evilpolybuzz.ai`). */
export function isPlatformHost(platform: Platform, host: string): boolean {
  return PLATFORM_REGISTRY[platform].hosts.some((own) => host === own || host.endsWith(`.${own}`));
}

/** Whether a URL leads to the platform: http(s), read alike by every parser, on one of its hosts. */
export function isPlatformLink(platform: Platform, value: string): boolean {
  const host = linkHost(value);
  return host !== null && isPlatformHost(platform, host);
}
