// What one tool is, for both doors (the editor's chat and the MCP server): its two names, title, the
// description the model reads (literal English: a translation must not change how a tool is used), one
// input and one output schema, annotations, the limits it enforces, and run(). A door only translates:
// it turns a ToolContext out of its own services, the result into its result shape, a thrown error into
// its error shape. Adding a tool to both doors is one new file in specs/ plus its test, listed in index.ts;
// the tool keys, the chat names the editor registers, package.json's languageModelTools and their
// package.nls.json titles all follow from the specs (scripts/toolManifest.ts, test/unit/tools/manifest.test.ts).
// vscode-free.
import type { z } from 'zod';

/**
 * The zod API, handed to a spec's schema builders by whoever needs the schemas (the MCP door, the manifest
 * script and tests): the chat door runs the specs without them, so zod stays out of the editor's features bundle.
 */
export type Zod = typeof z;
import type { PeriodArg } from './args.js';
import type { BodyAnalysis, CoreModuleLike, MonthViewResult } from './context.js';
import type { OverviewMonthSource } from './overview/overviewLoader.js';
import type { InstancesHints, ToolBalance } from './text/accountText.js';

/** The door a text is written for: tools name each other by that door's names. */
export interface Door {
  kind: 'chat' | 'mcp';
  /** The name of the tool whose spec has `key` in this door (an unknown key throws: every description is rendered in tests). */
  name(key: string): string;
  /** The most SMS segments this door lets a tool send: its schema's body limit and its cap, from one number. */
  maxSegments: number;
  /** Where the user sets the default region through this door: a setting in the editor, a variable for the MCP server. */
  regionSetting: string;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolOutcome<D> {
  /** A short summary the model reads; values from the service quoted inert. */
  text: string;
  /** The same figures, structured (the output schema's shape). */
  data: D;
}

/** How the editor's chat offers a tool: package.json's languageModelTools entry and its package.nls.json titles. */
interface ChatFace {
  /** English; package.nls.json `tool.<key>.displayName` (translated there). */
  displayName: string;
  /** English; package.nls.json `tool.<key>.userDescription`. */
  userDescription: string;
  /** What the user types after # in chat. */
  referenceName: string;
  /** A codicon, `$(name)`. */
  icon: string;
  /**
   * The chat door hands run() its input as the editor gave it (no schema parse: zod stays out of the features
   * bundle): these fields are read as strings, '' for anything else (required) or only when present (optional),
   * so the tool's own checks refuse a bad value with the palette's sentences.
   */
  textInput?: { required?: readonly string[]; optional?: readonly string[] };
  /** Values filled in when the input leaves them out (as the schema's defaults say). */
  defaults?(door: Door): Readonly<Record<string, unknown>>;
  /** The progress line while the tool runs, translated; undefined for the editor's own. */
  invocation?(input: Readonly<Record<string, unknown>>): string | undefined;
  /** Sends: the chat door wraps run() in its own confirmations (host/chat/sendTestSmsTool.ts). */
  sends?: true;
}

export interface ToolSpec<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject, K extends string = string> {
  /** The tool's one name in code (tool keys, package.nls.json keys); each door's name follows. */
  key: K;
  /** Chat tool name (package.json languageModelTools; shipped names never change). */
  chatName: string;
  /** MCP tool name (docs/mcp.md; shipped names never change). */
  mcpName: string;
  title: string;
  chat: ChatFace;
  description(door: Door): string;
  input(z: Zod, door: Door): I;
  /**
   * The inputs that name a month or a day (their schemas: schemas.ts monthIdArgInput, dateIdArgInput). Both doors
   * pass the input through args.ts toolArgs() before run(), which gets them as YYYYMM / YYYYMMDD whichever accepted
   * form the client sent, and refuses anything else with one sentence.
   */
  periodArgs?: Readonly<Record<string, PeriodArg>>;
  output(z: Zod): O;
  annotations: ToolAnnotations;
  /** The bounds the tool enforces, stated once (schemas and checks are built from them). */
  limits(door: Door): Readonly<Record<string, number>>;
  /** Whatever fails is thrown (a ToolRefusal for the tool's own refusals), with a message already scrubbed. */
  run(ctx: ToolContext, input: z.output<I>, signal: AbortSignal): Promise<ToolOutcome<z.output<O>>>;
}

/** A spec with its key's literal type kept, so that index.ts derives ToolKey from the list of specs. */
export function defineTool<const K extends string, I extends z.ZodObject, O extends z.ZodObject>(
  spec: ToolSpec<I, O, K>,
): ToolSpec<I, O, K> {
  return spec;
}

/** The facts of the active profile (editor) or the server's environment (MCP). */
export interface ProfileFacts {
  profile: string;
  /** The service's host, when the door shows it (MCP: there is no profile list to look at). */
  host?: string;
  signedIn: boolean;
  demo: boolean;
  accountId?: string;
  instances: readonly string[];
  senderIds: readonly string[];
  /** ISO country for national-format numbers. */
  defaultRegion?: string;
  /** MCP: whether send_test_sms is listed; the editor always has it. */
  sendingEnabled?: boolean;
  /** The door's advice when instances or senders are missing (default: the editor's commands). */
  hints?: InstancesHints;
}

export interface SendDetails {
  profile: string;
  host: string;
  from: string;
  /** E.164. */
  to: string;
  body: string;
  analysis: BodyAnalysis;
}

interface SendOutcome {
  messageId?: string;
}

/** What a door gives the tools. Every method may throw the door's own errors; toolError() words them. */
export interface ToolContext {
  door: Door;
  core(): CoreModuleLike;
  /** The facts of the profile the calls go to (throws when signed out). */
  facts(): Promise<ProfileFacts>;
  getMonthView(instanceId: string, monthId: string, signal: AbortSignal, priority?: 'high' | 'normal' | 'low'): Promise<MonthViewResult>;
  /**
   * The account overview's months: through the door's month cache and finished-months store when it has them
   * (the editor: the overview panel's own path, so both show the same figures and a stored month costs no
   * request); without it, getMonthView.
   */
  overviewSource?(): OverviewMonthSource;
  getDayActivities(instanceId: string, dateId: string, signal: AbortSignal): Promise<{ result: unknown }>;
  /** Whether month-end projections are given (the editor's voiceSms.forecast.show); absent: yes. */
  forecast?(): boolean;
  /** The balance as both doors read it; throws a ToolRefusal('noAccount') when there is no account id. */
  readBalance(signal: AbortSignal): Promise<ToolBalance>;
  /** Asks the user with the door's own UI; false (or a throw) means not sent. */
  confirmSend(details: SendDetails, signal: AbortSignal): Promise<boolean>;
  /** Sends once (never retried). Throws on failure; an error whose details say outcomeUnknown may have gone out. */
  send(details: SendDetails, signal: AbortSignal): Promise<SendOutcome>;
  /** The segment limit in force now (MCP: the door's; editor: the user's setting, at most the door's). */
  maxSegments(): number;
  /**
   * Takes one of the door's sends before the user is asked (MCP: the hourly cap), or throws a ToolRefusal
   * saying when the next one is possible. Released when nobody was asked and nothing went out: a declined
   * prompt counts as much as a message sent.
   */
  reserveSend?(): SendSlot;
}

export interface SendSlot {
  /** Nothing left: the slot is free again. */
  release(): void;
}
