// What the three panel controllers share: the panel's state (restored by the serializer), the
// ready gate the webview is answered through, and the sequencer that drops superseded loads.
import { LoadSequencer } from './loadSequencer.js';
import { ReadyGate, type PostFn } from './readyGate.js';

export abstract class PanelController<State extends object, ToWebview, Source, Hooks extends object> {
  readonly gate: ReadyGate<ToWebview>;
  protected readonly loads = new LoadSequencer();
  protected state: State;

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
}
