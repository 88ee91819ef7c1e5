// What the panel controllers (one per kind, src/panels/<kind>/controller.ts) share: the panel's state (restored by the serializer), the
// ready gate the webview is answered through, the sequencer that drops superseded loads, and the
// handling of the messages every panel sends (`ready`, `retry`, malformed input, failing hooks).
import { LoadSequencer } from './loadSequencer.js';
import { ReadyGate, type PostFn } from './readyGate.js';

interface WarnHook {
  onWarn?(message: string): void;
}

/** `ToHost`: the kind's messages from its page; `fresh` is only ever on `ready` (ReadyMessage, shared/protocol.ts). */
export abstract class PanelController<
  State extends object,
  ToWebview,
  ToHost extends { type: string; fresh?: true },
  Source,
  Hooks extends WarnHook,
> {
  readonly gate: ReadyGate<ToWebview>;
  protected readonly loads = new LoadSequencer();
  protected state: State;

  /** Names the panel in log lines ("month view: …"). */
  protected abstract readonly label: string;

  constructor(
    initial: State,
    protected readonly source: Source,
    post: PostFn<ToWebview>,
    protected readonly hooks: Hooks = {} as Hooks,
  ) {
    this.state = { ...initial };
    this.gate = new ReadyGate(post);
  }

  get current(): State {
    return { ...this.state };
  }

  abstract load(): Promise<void>;

  /** Validates the raw message; undefined when malformed. */
  protected abstract parse(raw: unknown): ToHost | undefined;

  /** The panel's own messages (everything but `ready` and `retry`). */
  protected abstract onMessage(msg: ToHost): Promise<void>;

  async handle(raw: unknown): Promise<void> {
    const msg = this.parse(raw);
    if (!msg) {
      this.hooks.onWarn?.(`${this.label}: ignored a malformed message from the webview`);
      return;
    }
    if (msg.type === 'ready') {
      this.gate.markReady(msg.fresh === true);
      return;
    }
    if (msg.type === 'retry') return this.load();
    return this.onMessage(msg);
  }

  webviewHidden(): void {
    this.gate.markNotReady();
  }

  dispose(): void {
    this.loads.dispose();
  }

  /** Runs a host hook; its failure is logged, never thrown back into the message loop. */
  protected async runHook(what: string, f: () => unknown): Promise<void> {
    try {
      await f();
    } catch (e) {
      this.hooks.onWarn?.(`${this.label}: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
