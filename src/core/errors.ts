// Every failure the core can report, as one class with a `kind`, so the host can map each kind to
// one clear message and tests can assert on the kind rather than on wording. Messages go through
// @vscode/l10n (see ./l10n.ts): English unless the host configured the editor's bundle.
import * as l10n from '@vscode/l10n';

export type ErrorKind = 'network' | 'timeout' | 'http' | 'service' | 'parse' | 'validation' | 'auth';

/**
 * A failure only the user can fix (a retry repeats it, so none is made): the proxy wants credentials, or the
 * service's certificate is not one this client accepts. The message says what to change, in the words of
 * the place the client runs (ClientOptions.advice); callers can tell these apart without reading it.
 */
type NetworkProblem = 'proxyAuth' | 'certificate';

/**
 * Where the client runs, which decides what its messages tell the user to change: 'editor' names the
 * editor's settings (http.proxy, voiceSms.tls.caFile), 'process' the environment of a process of its own
 * (the MCP server: HTTPS_PROXY, VOICESMS_CA_FILE, NODE_EXTRA_CA_CERTS), or a process whose user set its CA file
 * through a form of their own (the MCP server run from the bundle: the form's field, where that form is).
 */
export type AdviceFor = 'editor' | 'process' | ProcessForm;

/** The CA file as a form names it ('"CA file"') and where the user finds that form. */
export interface ProcessForm {
  caFile: string;
  where: string;
}

/** The form a process's messages name, or undefined for the editor and for VOICESMS_CA_FILE in the environment. */
export function formOf(advice: AdviceFor | undefined): ProcessForm | undefined {
  return typeof advice === 'object' ? advice : undefined;
}

export interface ServiceErrorDetails {
  /** HTTP status, when a response arrived. */
  httpStatus?: number;
  /** Envelope status/code and status/message, when the body was a readable envelope. */
  serviceCode?: string;
  serviceMessage?: string;
  /** For validation errors: the field that was refused. */
  field?: string;
  /** For validation errors: why, without the field (translated like the message). */
  reason?: string;
  /** For SMS sends: true when the request may have reached the server, so a resend could duplicate. */
  outcomeUnknown?: boolean;
  /** Low-level cause code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, ...). Never contains secrets. */
  causeCode?: string;
  /** How many attempts were made (GET retries). */
  attempts?: number;
  /** The service's Retry-After on the last answer (429/503), in ms: a caller polling again waits at least this. */
  retryAfterMs?: number;
  /** Set for failures only the user can fix (never retried). */
  problem?: NetworkProblem;
}

export class VoiceSmsError extends Error {
  override readonly name = 'VoiceSmsError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: ServiceErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const KINDS: ReadonlySet<string> = new Set<ErrorKind>(['network', 'timeout', 'http', 'service', 'parse', 'validation', 'auth']);

/** Checks by shape, not by class identity: the host loads the client from a separate bundle. */
export function isVoiceSmsError(e: unknown, kind?: ErrorKind): e is VoiceSmsError {
  if (!(e instanceof Error) || e.name !== 'VoiceSmsError') return false;
  const k = (e as { kind?: unknown }).kind;
  return typeof k === 'string' && KINDS.has(k) && (kind === undefined || k === kind);
}

export function validationError(field: string, why: string): VoiceSmsError {
  return new VoiceSmsError('validation', l10n.t('Invalid {0}: {1}', field, why), { field, reason: why });
}
