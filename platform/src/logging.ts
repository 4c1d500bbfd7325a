import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

const CENSOR = '[redacted]';

/** Keys whose value must never reach a log line (DOMAIN.md: no secrets, tokens or card numbers). */
const secretKeys = [
  'password',
  'confirm_password',
  'current_password',
  'token',
  'invite_token',
  'code',
  'card_number',
  'cvv',
  'secret',
  'authorization',
  'cookie',
  '["set-cookie"]',
];

/**
 * Each secret key at the top and one object deep (`body.password`, `headers.authorization`). Deeper
 * keys are masked in the finished line (`maskSecretsInText`): every wildcard level of pino's redaction
 * is paid on each request's child logger, even when nothing is logged (three levels cost a fifth of
 * the cheapest route's throughput).
 */
export const redactPaths = secretKeys.flatMap((key) => [key, key.startsWith('[') ? `*${key}` : `*.${key}`]);

/** `"<secret key>":"value"` (or a number) anywhere in a JSON line. */
const SECRET_JSON_VALUE = new RegExp(
  `("(?:${secretKeys.map((k) => k.replace(/^\["|"\]$/g, '')).join('|')})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*)`,
  'gi',
);

/**
 * Query parameters whose value is a credential: the session token of /switch?token=, the invite
 * token, one-time codes, passwords, keys. Matched on the whole name (`code`) or a part of it
 * (`invite_token`, `api_key`, `client_secret`), case-insensitively.
 */
const SECRET_PARAM_NAMES = new Set(['code', 'otp', 'pin', 'sig', 'pwd', 'ticket', 'cvv', 'cvc', 'auth']);
const SECRET_PARAM_PARTS = /token|passw|secret|key|signature|credential|session|card|authoriz/i;

/**
 * UI routes whose last path segment is a token (ui/src/routes/reset_password.$token.tsx,
 * verify_email.$token.tsx). The value classes stop at a quote or a backslash so that, applied to a
 * JSON line, a mask never eats half of an escape.
 */
const TOKEN_IN_PATH = /(\/(?:reset_password|verify_email)\/)[^/?#\s"'\\]+/gi;
const QUERY_PARAM = /([?&;])([^=&;?#\s"'\\]+)=([^&;#\s"'\\]*)/g;

function isSecretParam(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    // A malformed escape: judge the name as written.
  }
  return SECRET_PARAM_NAMES.has(name.toLowerCase()) || SECRET_PARAM_PARTS.test(name);
}

/**
 * The text with every token-bearing path segment and credential query parameter replaced by
 * '[redacted]'. Works on a bare URL (`/switch?token=…`), on a URL inside a message
 * (`Route GET:/verify_email/… not found`) and on a whole JSON log line.
 */
export function maskSecretsInText(text: string): string {
  const keysMasked = text.includes('":') ? text.replace(SECRET_JSON_VALUE, `$1"${CENSOR}"`) : text;
  if (!keysMasked.includes('/') && !keysMasked.includes('=')) return keysMasked;
  return keysMasked
    .replace(TOKEN_IN_PATH, `$1${CENSOR}`)
    .replace(QUERY_PARAM, (whole, separator: string, name: string) =>
      isSecretParam(name) ? `${separator}${name}=${CENSOR}` : whole,
    );
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string; remotePort?: number };
};

/**
 * fastify logs `{ req: request }` on every incoming request; its own serializer writes `req.url` as
 * is, which carries /switch?token= and /reset_password/<token>. The same fields, with the URL masked
 * and no header but `accept-version`.
 */
function serializeRequest(req: LoggedRequest) {
  if (req === null || typeof req !== 'object') return req;
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: typeof req.url === 'string' ? maskSecretsInText(req.url) : req.url,
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

export function createLogger(level = 'info', name = 'wine', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: { paths: redactPaths, censor: CENSOR },
    serializers: { req: serializeRequest },
    hooks: {
      // Redaction works on keys; a URL also reaches messages (fastify's `Route GET:/… not found`), error
      // messages and stacks, and values under any key. The finished line is masked as a last pass.
      streamWrite: maskSecretsInText,
    },
  };
  if (destination) return pino(options, destination);
  return readableInTerminal() ? pino(options, pretty(prettyOptions)) : pino(options);
}

/**
 * In a terminal (`npm start` by a person) the lines are readable (pino-pretty); piped, in a container
 * or with LOG_FORMAT=json they stay JSON, one object a line, for a log collector.
 */
function readableInTerminal(): boolean {
  const format = process.env.LOG_FORMAT;
  if (format === 'json') return false;
  return format === 'pretty' || process.stdout.isTTY === true;
}

const prettyOptions = {
  colorize: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname',
  // pino-pretty writes synchronously here: a line logged just before an exit is not lost.
  sync: true,
};

const noop = () => {};
const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/**
 * A request's child logger, made only when something is logged at a level the logger writes: pino
 * pays the redaction of the bindings on every `child`, so a child per request costs each answer even
 * when nothing is logged (a silent or warn-level server). The same logger as `parent.child(bindings)`
 * wherever a line is written; the levels it does not write are no-ops, as pino's own are.
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>, options: object = {}): Logger {
  // A route's own level or serializers: the child decides, made at once.
  if (Object.keys(options).length > 0) return parent.child(bindings, options);
  let child: Logger | undefined;
  const real = () => {
    child ??= parent.child(bindings);
    return child;
  };
  return new Proxy(parent, {
    get(target, property) {
      if (!child && typeof property === 'string') {
        if (LEVELS.has(property) && !target.isLevelEnabled(property)) return noop;
        // fastify checks that a request's logger has `child`; asking for one makes this one first.
        if (property === 'child') return (more: Record<string, unknown>, o?: object) => real().child(more, o);
        if (property === 'level') return target.level;
      }
      const made = real();
      const value: unknown = Reflect.get(made, property);
      return typeof value === 'function' ? value.bind(made) : value;
    },
  });
}
