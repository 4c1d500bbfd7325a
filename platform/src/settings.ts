/**
 * The checks every provider's `open…` shares (card-provider, paypal, hosted-gateway, tax, documents,
 * investing, marketing): which settings it needs, whether a URL setting is a web address, and which
 * gateways a comma-separated list names. A half-configured provider is refused at start, naming every
 * setting missing, so it never takes traffic; a blank setting counts as unset.
 */

type Settings<K extends string> = { readonly [P in K]?: string | undefined };

const unset = (value: string | undefined) => !value?.trim();

/**
 * The settings `keys`, each set, for the provider `needer` names (`CARD_PROVIDER=stripe`), or an
 * error naming every one missing: `CARD_PROVIDER=stripe needs STRIPE_SECRET_KEY and …`.
 */
export function requiredSettings<K extends string>(
  config: Settings<K>,
  keys: readonly K[],
  needer: string,
): Record<K, string> {
  const missing = keys.filter((key) => unset(config[key]));
  if (missing.length > 0) throw new Error(`${needer} needs ${missing.join(' and ')}`);
  return Object.fromEntries(keys.map((key) => [key, config[key]])) as Record<K, string>;
}

/**
 * Settings that only mean something together (a grant's client, secret and refresh token): all of
 * them, none of them (undefined), or an error naming the ones missing.
 */
export function settingsTogether<K extends string>(
  config: Settings<K>,
  keys: readonly K[],
): Record<K, string> | undefined {
  const missing = keys.filter((key) => unset(config[key]));
  if (missing.length === keys.length) return undefined;
  if (missing.length > 0) throw new Error(`${keys.join(', ')} go together: ${missing.join(' and ')} missing`);
  return requiredSettings(config, keys, keys.join(', '));
}

/**
 * Whether a setting is an http: or https: URL with a host and no white space (a bare `new URL` also
 * takes ftp:, file:, javascript:, and quietly encodes a space pasted into the path).
 */
export function isHttpUrl(value: string, { httpsOnly = false } = {}): boolean {
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'https:' || (!httpsOnly && protocol === 'http:')) && hostname !== '';
}

/** What a URL setting must be: `PAYPAL_API_URL must be an http(s) URL`. */
export const httpUrlRule = (name: string, { httpsOnly = false } = {}) =>
  `${name} must be an ${httpsOnly ? 'https' : 'http(s)'} URL`;

/** The URL setting `name` as given, or undefined when unset; an error when it is not an http(s) URL. */
export function httpUrlSetting(
  value: string | undefined,
  name: string,
  options: { httpsOnly?: boolean } = {},
): string | undefined {
  if (value === undefined || isHttpUrl(value, options)) return value;
  throw new Error(httpUrlRule(name, options));
}

/** The names a comma-separated list setting (PAYMENT_GATEWAYS) gives, compared name by name, in any case. */
export const namesListed = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
