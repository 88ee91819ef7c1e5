// The one door through which service text enters the product. Every answer the client receives (from
// whichever transport) passes here before anything parses, quotes, logs, stores or shows it:
//  - its text is scrubbed of the credentials the request carried (the key id, the secret, `id:secret`, the
//    Basic token padded, unpadded and URL-safe, each percent-, form-, JSON- and XML-encoded, the Signature
//    header value) and of every other secret the host knows (every stored profile's);
//  - every string a view or a model may show is capped: a status message, a name, an id.
// Past this point unmasked text does not exist, so a new surface cannot forget to mask it; surfaces only
// escape for their own medium. Literal replacements only: linear in the answer's length.
import { childPath, itemPath } from '../shared/flattenResult.js';
import { KnownSecrets } from '../shared/redact.js';
import { isVoiceSmsError, VoiceSmsError } from './errors.js';
import type { HttpResponse } from './http/transport.js';
import { hasPlainFields, type Envelope } from './xml/envelope.js';
import { TEXT_KEY } from './xml/parser.js';

/** Masks secrets the caller knows of (the host: every stored profile's credentials). */
export interface SecretMask {
  apply(text: string): string;
  /** True when a masked value holds `char` (a name joined on it could spell one); absent: assume so. */
  holds?(char: string): boolean;
  /** The set behind `apply`, when it is one: the boundary then searches for its values and its own in one pass. */
  known?(): KnownSecrets;
}

/** A status message (quoted in errors, notifications, tool results). */
export const MAX_STATUS_MESSAGE = 1000;
/** A name, id, code or any other value of a parsed answer. */
export const MAX_FIELD = 300;
/** A whole error sentence: its own words plus a quoted, already capped status message. */
const MAX_ERROR_MESSAGE = 1600;

const MASK = '***';
/**
 * How much of a parent's path the join check keeps: more than any spelling of a secret an element name can
 * carry, and bounded, so that a deeply nested answer costs linear time.
 */
const PATH_TAIL = 1024;

/** `text` cut to `max` characters, the cut marked with "…" (never splitting a surrogate pair). */
function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

export class AnswerBoundary {
  private readonly own = new KnownSecrets();
  /** `own` and the host's set as one, rebuilt when the host's set has grown: each text is searched once. */
  private joint: { version: number; secrets: KnownSecrets } | undefined;
  /** The answers response() returned (held weakly): a parse of one's body reads text this boundary has searched. */
  private readonly scrubbed = new WeakSet<HttpResponse>();

  constructor(
    credentials: { accessKeyId: string; secretAccessKey: string },
    private readonly others?: SecretMask,
  ) {
    this.own.addCredentials(credentials.accessKeyId, credentials.secretAccessKey);
  }

  /**
   * `text` with every known secret masked, and the values a request carried (its Signature, an
   * Authorization token) that are not known secrets by themselves.
   */
  scrub(text: string, carried: readonly string[] = []): string {
    return this.scrubForms(text, carriedForms(carried));
  }

  /** scrub() with the carried values' forms worked out once for every text of an answer. */
  private scrubForms(text: string, forms: readonly string[]): string {
    const host = this.others?.known?.();
    let out: string;
    if (host) {
      out = this.jointWith(host).apply(text);
    } else {
      out = this.own.apply(text);
      if (this.others) out = this.others.apply(out);
    }
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(MASK);
    return out;
  }

  /** `own` and the host's set as one (rebuilt when the host's has grown). */
  private jointWith(host: KnownSecrets): KnownSecrets {
    if (this.joint?.version !== host.version) this.joint = { version: host.version, secrets: KnownSecrets.union(this.own, host) };
    return this.joint.secrets;
  }

  /** True when scrub() reads text one layer deeper than a parser's reference decoding needs (KnownSecrets). */
  private readsUnderReferences(): boolean {
    const host = this.others?.known?.();
    if (this.others !== undefined && host === undefined) return false;
    return (host ? this.jointWith(host) : this.own).readsEveryFamilyAtOnce();
  }

  /** The answer as the rest of the product may see it: body, status text and header values scrubbed. */
  response(res: HttpResponse, carried: readonly string[]): HttpResponse {
    const forms = carriedForms(carried);
    const scrub = (text: string): string => this.scrubForms(text, forms);
    const headers: HttpResponse['headers'] = {};
    for (const [name, value] of Object.entries(res.headers)) {
      headers[name] = Array.isArray(value)
        ? value.map((v) => capText(scrub(v), MAX_STATUS_MESSAGE))
        : value === undefined
          ? undefined
          : capText(scrub(value), MAX_STATUS_MESSAGE);
    }
    const clean = {
      ...res,
      statusText: capText(scrub(res.statusText), MAX_FIELD),
      headers,
      body: scrub(res.body),
    };
    this.scrubbed.add(clean);
    return clean;
  }

  /**
   * The parsed envelope with each string scrubbed again (an XML character reference can spell a secret
   * the raw text did not) and capped: the status message at MAX_STATUS_MESSAGE, everything else at MAX_FIELD.
   *
   * `from`: the answer whose body it was parsed from. When response() returned that answer and the parser joined no text
   * in it (no CDATA section, instruction in the root or comment beside text: see asWritten), and decoded none or the scrub read
   * the body one layer under its references (KnownSecrets.readsEveryFamilyAtOnce), each parsed value is text whose
   * every reading the body's scrub has searched, so only what the parser made itself is searched again: element text
   * joined around children (`#text`) and the names (`@_` prefixed, reserved ones suffixed). A 1 MB message was
   * otherwise searched twice, and thousands of escaped values each on their own (issue 41).
   */
  envelope(env: Envelope, from?: HttpResponse): Envelope {
    const searched = from !== undefined && this.scrubbed.has(from) && asWritten(from.body, this.readsUnderReferences());
    const scrub = searched && hasPlainFields(env) ? (s: string): string => s : (s: string): string => this.scrub(s);
    const field = (s: string): string => capText(scrub(s), MAX_FIELD);
    return {
      status: {
        ...env.status,
        code: field(env.status.code),
        message: capText(scrub(env.status.message), MAX_STATUS_MESSAGE),
        timestampRaw: field(env.status.timestampRaw),
      },
      service: { provider: field(env.service.provider), id: field(env.service.id), version: field(env.service.version) },
      result: this.tree(env.result, searched),
    };
  }

  /**
   * An error as it may leave the client: message, stack, details and causes scrubbed, the message capped.
   * The same object is returned (callers and tests compare kinds and details, not identities).
   */
  error<E>(err: E): E {
    this.cleanError(err, 0);
    return err;
  }

  private cleanError(err: unknown, depth: number): void {
    if (!(err instanceof Error) || depth > 4) return;
    const message = capText(this.scrub(err.message), MAX_ERROR_MESSAGE);
    const stack = typeof err.stack === 'string' ? err.stack : '';
    // The stack begins with the message as it was; its frames are our own code.
    const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
    try {
      err.message = message;
      err.stack = [`${err.name}: ${message}`, ...frames].join('\n');
    } catch {
      // A platform error (DOMException) whose message is a getter: its text is the platform's, not the service's.
    }
    if (isVoiceSmsError(err)) this.cleanDetails(err);
    this.cleanError(err.cause, depth + 1);
  }

  private cleanDetails(err: VoiceSmsError): void {
    const d = err.details;
    if (d.serviceMessage !== undefined) d.serviceMessage = capText(this.scrub(d.serviceMessage), MAX_STATUS_MESSAGE);
    if (d.serviceCode !== undefined) d.serviceCode = capText(this.scrub(d.serviceCode), MAX_FIELD);
    if (d.reason !== undefined) d.reason = capText(this.scrub(d.reason), MAX_STATUS_MESSAGE);
    if (d.field !== undefined) d.field = capText(this.scrub(d.field), MAX_FIELD);
  }

  /**
   * Every string (and key) of a parsed tree scrubbed and capped; iterative, so depth costs no stack. Names are
   * also checked as the product joins them (flattenResult's `a.b.c` paths): a name whose join with its parents
   * spells a secret (`alpha9` > `beta9` > `gamma9x`) becomes `***`, so no path built later can rebuild one.
   */
  private tree(root: unknown, searched = false): unknown {
    const field = (s: string): string => capText(this.scrub(s), MAX_FIELD);
    const value = searched ? (s: string): string => capText(s, MAX_FIELD) : field;
    // Names repeat (a month view has five per day): each distinct one is searched once.
    const names = new Map<string, string>();
    const name = (s: string): string => {
      let clean = names.get(s);
      if (clean === undefined) names.set(s, (clean = field(s)));
      return clean;
    };
    if (typeof root === 'string') return value(root);
    if (root === null || typeof root !== 'object') return root;
    const copy = shallowCopy(root);
    // Each node with the end of its path (as flattenResult writes it), which is all a join can reach; no path is
    // kept when no secret holds a joining character (then no join can spell one).
    const track = this.joinable('.') || this.joinable('[');
    const work: Array<[object, string]> = [[copy, '']];
    for (let item = work.pop(); item !== undefined; item = work.pop()) {
      const [node, path] = item;
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
          const v: unknown = node[i];
          if (typeof v === 'string') node[i] = value(v);
          else if (v !== null && typeof v === 'object') {
            const tail = track ? this.joined(path, itemPath(path, i)) : '';
            // An index cannot be renamed: an item whose `[i]` completes a secret is dropped for the mask.
            if (tail === undefined) node[i] = MASK;
            else work.push([(node[i] = shallowCopy(v)), tail]);
          }
        }
        continue;
      }
      const rec = node as Record<string, unknown>;
      for (const key of Object.keys(rec)) {
        const v = rec[key];
        // An element's text joined around its children is new text: searched whatever the body was.
        const text = key === TEXT_KEY ? field : value;
        const cleanValue = typeof v === 'string' ? text(v) : v !== null && typeof v === 'object' ? shallowCopy(v) : v;
        let cleanKey = name(key);
        let childTail = track ? this.joined(path, childPath(path, cleanKey)) : '';
        if (childTail === undefined) {
          cleanKey = MASK;
          childTail = childPath(path, MASK);
        }
        if (cleanKey !== key) delete rec[key];
        rec[cleanKey] = cleanValue;
        if (cleanValue !== null && typeof cleanValue === 'object') work.push([cleanValue, childTail.slice(-PATH_TAIL)]);
      }
    }
    return copy;
  }

  /** `joinedPath` cut to its last PATH_TAIL characters, or undefined when the join spells a secret. */
  private joined(parent: string, joinedPath: string): string | undefined {
    if (parent === '') return joinedPath;
    // A secret the join spells holds the joining character: only then is the path worth a search.
    const joint = joinedPath[parent.length] ?? '';
    if (!this.joinable(joint)) return joinedPath.slice(-PATH_TAIL);
    return this.scrub(joinedPath) === joinedPath ? joinedPath.slice(-PATH_TAIL) : undefined;
  }

  /** Whether some known secret holds `char` (the host's masks that cannot say are asked to search). */
  private joinable(char: string): boolean {
    return this.own.holds(char) || (this.others !== undefined && (this.others.holds?.(char) ?? true));
  }
}

/**
 * True when each string the parser makes of `body` is a piece of it (trimmed), its references decoded when
 * `referencesRead`: no CDATA section or declaration, no comment with text beside it (the parser joins the text on
 * either side of one; a comment between tags, with only blanks around it, joins nothing that survives the trim), no
 * instruction after the first element, no carriage return (line ends are made `\n`), and no `&` unless
 * `referencesRead`. A reading of such a piece is a piece of a reading of the body: no escape or fold crosses a `<`,
 * `>` or quote.
 */
function asWritten(body: string, referencesRead: boolean): boolean {
  // fast-xml-parser reads every `\r\n` and lone `\r` as `\n` before anything else: then a piece is not as written.
  if ((!referencesRead && body.includes('&')) || body.includes('\r')) return false;
  for (let at = body.indexOf('<!'); at >= 0; at = body.indexOf('<!', at)) {
    if (!body.startsWith('<!--', at)) return false;
    const end = body.indexOf('-->', at + 4);
    if (end < 0 || !blankTo(body, at - 1, -1, 0x3e /* > */) || !blankTo(body, end + 3, 1, 0x3c /* < */)) return false;
    at = end + 3;
  }
  // The first element: past the declaration, instructions and comments before it.
  let root = body.indexOf('<');
  while (root >= 0 && (body.charCodeAt(root + 1) === 0x3f /* ? */ || body.charCodeAt(root + 1) === 0x21) /* ! */)
    root = body.indexOf('<', root + 1);
  return root < 0 || !body.includes('<?', root);
}

/**
 * True when from `from`, stepping by `step`, only blanks lie before `stop` or either end of `text`. Each blank run
 * lies between two constructs, so over all comments every character is looked at no more than twice.
 */
function blankTo(text: string, from: number, step: 1 | -1, stop: number): boolean {
  for (let i = from; i >= 0 && i < text.length; i += step) {
    const c = text.charCodeAt(i);
    if (c === stop) return true;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0xfeff) return false;
  }
  return true;
}

/** The forms a carried value is masked in: as sent, percent-encoded (a base64 signature's `+/=`), either case (a hex one). */
function carriedForms(carried: readonly string[]): string[] {
  if (carried.length === 0) return [];
  const forms = new Set<string>();
  for (const value of carried)
    for (const form of [value, encodeURIComponent(value), value.toUpperCase(), value.toLowerCase()]) if (form.length >= 8) forms.add(form);
  return [...forms];
}

function shallowCopy(v: object): object {
  return Array.isArray(v) ? [...(v as unknown[])] : { ...(v as Record<string, unknown>) };
}
