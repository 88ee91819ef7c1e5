// What every "Copy Request as Code" writer reads from the core's described request (describeRequest):
// the URL as base + path template + raw parameters, the form fields, which credential form the profile's
// auth.* settings chose, and the plain headers. Pure text work: the secret is never an input here, and
// the writers compute the timestamp and the signature inside the snippet.

export const ACCESS_KEY_ID_VAR = 'VOICESMS_ACCESS_KEY_ID';
export const SECRET_ACCESS_KEY_VAR = 'VOICESMS_SECRET_ACCESS_KEY';

/** How long the Node.js and Python programs wait for the whole answer before they give up with one line. */
export const TIMEOUT_SECONDS = 60;

/** The subset of the core's DescribedRequest the writers read. */
export interface CodeSource {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  sensitiveHeaders: readonly string[];
  route: { base: string; template: string; params: Readonly<Record<string, string>> };
  form?: readonly (readonly [string, string])[];
}

/** One piece of the path after the base: literal text, or a parameter the snippet percent-encodes itself. */
export type PathPart = { text: string } | { param: string; value: string };

export type AuthPlan = { form: 'basic' } | { form: 'signed'; scheme: string; signature: 'hmac-sha256' | 'empty' };

export interface RequestPlan {
  method: 'GET' | 'POST';
  /** `METHOD /path` as sent (percent-encoded, so it holds no line break): the snippet's first comment. */
  summary: string;
  base: string;
  path: PathPart[];
  /** Parameters in the order they appear in the path, each once. */
  params: { name: string; value: string }[];
  form?: [string, string][];
  auth: AuthPlan;
  /** Headers copied verbatim (not the four credential headers), in the order the client sends them. */
  headers: [string, string][];
}

/** Headers whose values derive from the credentials or the clock; everything else is copied verbatim. */
export const AUTH_HEADERS: ReadonlySet<string> = new Set(['authorization', 'accesskeyid', 'timestamp', 'signature']);

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

/**
 * The credential form the request was built with. Throws when it carries a sensitive header no writer
 * knows how to replace, rather than risk printing a credential.
 */
export function authPlan(req: Pick<CodeSource, 'headers' | 'sensitiveHeaders'>): AuthPlan {
  const unknownSensitive = req.sensitiveHeaders.filter((h) => h.toLowerCase() !== 'authorization');
  if (unknownSensitive.length > 0) throw new Error(`Cannot express the header(s) ${unknownSensitive.join(', ')} as a placeholder.`);
  const authorization = headerValue(req.headers, 'Authorization') ?? '';
  if (req.sensitiveHeaders.some((h) => h.toLowerCase() === 'authorization') || /^basic\s/i.test(authorization)) return { form: 'basic' };
  return {
    form: 'signed',
    scheme: authorization,
    signature: (headerValue(req.headers, 'Signature') ?? '') === '' ? 'empty' : 'hmac-sha256',
  };
}

/** Splits `template` into literal text and `{name}` parameters. */
function splitTemplate(template: string, params: Readonly<Record<string, string>>): PathPart[] {
  const parts: PathPart[] = [];
  const pieces = template.split(/\{(\w+)\}/);
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) {
      if (piece !== '') parts.push({ text: piece });
      return;
    }
    const value = params[piece];
    if (value === undefined) throw new Error(`No value for {${piece}}.`);
    parts.push({ param: piece, value });
  });
  return parts;
}

/** The path parts filled in as the client fills them (encodeURIComponent), for the self-check below. */
/** The snippet's first comment line says how it authenticates (the same words in every language). */
export function signingNote(auth: AuthPlan): string {
  if (auth.form === 'basic') return 'basic credentials';
  return auth.signature === 'hmac-sha256'
    ? 'signed: Signature = base64(HMAC-SHA256(secret, METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nACCESS_KEY_ID\\nhex(SHA-256(body))))'
    : 'signed form with an empty Signature (auth.signature = empty)';
}

export function fillPath(parts: readonly PathPart[]): string {
  return parts.map((p) => ('text' in p ? p.text : encodeURIComponent(p.value))).join('');
}

export function requestPlan(req: CodeSource): RequestPlan {
  const auth = authPlan(req);
  const url = new URL(req.url);
  let base = req.route.base;
  let path = splitTemplate(req.route.template, req.route.params);
  // Whatever the route says, the snippet must ask for exactly this URL: if it does not add up, the whole
  // URL becomes the base and nothing is left to encode.
  if (base + fillPath(path) !== req.url) {
    base = req.url;
    path = [];
  }
  const params: { name: string; value: string }[] = [];
  for (const p of path) if ('param' in p && !params.some((q) => q.name === p.param)) params.push({ name: p.param, value: p.value });
  let form = req.form?.map(([n, v]): [string, string] => [n, v]);
  // The same check for the body: the snippets encode the fields themselves.
  if (form && new URLSearchParams(form).toString() !== req.body) form = undefined;
  if (!form && req.body !== undefined) form = [...new URLSearchParams(req.body)];
  return {
    method: req.method,
    summary: `${req.method} ${url.pathname}${url.search}`,
    base,
    path,
    params,
    ...(form ? { form } : {}),
    auth,
    headers: Object.entries(req.headers).filter(([name]) => !AUTH_HEADERS.has(name.toLowerCase())),
  };
}

/** Characters a string literal shows escaped: controls, format characters (bidi overrides), separators other than the space. */
export const INVISIBLE = /[\p{C}\p{Z}]/u;

/** The hexadecimal code point of `c`, upper-case, at least `width` digits. */
export function hex(c: string, width: number): string {
  return (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(width, '0');
}
