// A multi-step quick input: one title, "n/m" in the title bar, a Back button from step 2 on,
// validation as the user types and again on Enter, and a final `finish` that runs while the last
// step stays open (busy). When `finish` fails it names the step to fix; that step reopens with the
// failure shown and every value typed so far kept, so the user corrects one field instead of
// starting over. Steps read their initial value from the shared state, which is how both "keep
// what was typed" and "prefill" (e.g. from the environment) work.
import * as vscode from 'vscode';

interface StepBase<S> {
  /** Names the step in FinishResult.stepId. */
  readonly id: string;
  /** Skipped steps are neither shown nor counted in "n/m". Re-evaluated after every step. */
  skip?(state: S): boolean;
}

export interface InputStep<S> extends StepBase<S> {
  readonly kind: 'input';
  prompt(state: S): string;
  placeholder?(state: S): string;
  readonly password?: boolean;
  /** The value the box opens with (what was typed before, or a prefill). */
  value(state: S): string;
  /** An error message, or undefined when the value is acceptable. */
  validate(value: string, state: S): string | undefined | Promise<string | undefined>;
  apply(value: string, state: S): void;
  /** Recomputed as the user types (e.g. an SMS body's segments): replaces the title and/or prompt. */
  live?(value: string, state: S): { title?: string; prompt?: string };
  /** Waits this long after the last keystroke before `live` runs (it may cost more than a keystroke should). */
  readonly liveDelayMs?: number;
}

export interface PickItem<T> extends vscode.QuickPickItem {
  readonly value: T;
}

export interface PickStep<S> extends StepBase<S> {
  readonly kind: 'pick';
  placeholder(state: S): string;
  items(state: S): PickItem<unknown>[];
  apply(value: unknown, state: S): void;
}

export type Step<S> = InputStep<S> | PickStep<S>;

/** Builds a pick step with typed item values (the list of steps itself is heterogeneous). */
export function pickStep<S, T>(step: {
  id: string;
  skip?(state: S): boolean;
  placeholder(state: S): string;
  items(state: S): PickItem<T>[];
  apply(value: T, state: S): void;
}): PickStep<S> {
  return {
    kind: 'pick',
    id: step.id,
    ...(step.skip ? { skip: (s: S) => step.skip?.(s) ?? false } : {}),
    placeholder: (s) => step.placeholder(s),
    items: (s) => step.items(s),
    apply: (value, s) => step.apply(value as T, s),
  };
}

type FinishResult<R> = { ok: true; value: R } | { ok: false; message: string; stepId: string };

export interface MultiStepOptions<S, R> {
  title: string;
  steps: readonly Step<S>[];
  /** Mutated in place as steps are accepted. */
  state: S;
  /** Runs after the last step; the signal aborts when the user closes the input meanwhile. */
  finish(state: S, signal: AbortSignal): Promise<FinishResult<R>>;
  /** Shown under the last step while `finish` runs. */
  busyMessage?: string;
  /** Called with each step as it opens (tests and logs; nothing secret is passed). */
  onStep?(info: { id: string; step: number; totalSteps: number; error?: string }): void;
}

type Outcome<R> =
  | { kind: 'next' }
  | { kind: 'back' }
  | { kind: 'cancel' }
  | { kind: 'done'; value: R }
  | { kind: 'failed'; message: string; stepId: string };

interface StepContext<S, R> {
  options: MultiStepOptions<S, R>;
  step: number;
  totalSteps: number;
  /** A failure from `finish` to show when the step opens. */
  error: string | undefined;
  /** Whether a visible step follows once this one's value is applied. */
  hasNext(): boolean;
  /** The previous step's input: disposed only once this one is shown, so the widget never blinks or keeps a stale state. */
  previous: vscode.Disposable | undefined;
}

interface StepRun<R> {
  outcome: Outcome<R>;
  /** Still on screen; the next step disposes it after showing itself. */
  input: vscode.QuickInput;
}

/** Resolves with finish's value, or undefined when the user cancelled (Escape, focus elsewhere with the box closed). */
export async function runMultiStep<S, R>(options: MultiStepOptions<S, R>): Promise<R | undefined> {
  const visible = (): Step<S>[] => options.steps.filter((s) => !s.skip?.(options.state));
  let current: Step<S> | undefined = visible()[0];
  let error: string | undefined;
  // Visited steps, so Back returns to the step the user actually came from.
  const history: Step<S>[] = [];
  let shown: vscode.QuickInput | undefined;
  try {
    while (current) {
      const steps = visible();
      const position = Math.max(0, steps.indexOf(current));
      const step: Step<S> = current;
      const context: StepContext<S, R> = {
        options,
        step: position + 1,
        totalSteps: steps.length,
        error,
        hasNext: () => {
          const after = visible();
          const i = after.indexOf(step);
          return i >= 0 && i < after.length - 1;
        },
        previous: shown,
      };
      options.onStep?.({ id: step.id, step: context.step, totalSteps: context.totalSteps, ...(error ? { error } : {}) });
      error = undefined;
      const run =
        step.kind === 'input' ? await runInput(step, context, history.length > 0) : await runPick(step, context, history.length > 0);
      shown = run.input;
      const outcome = run.outcome;
      switch (outcome.kind) {
        case 'cancel':
          return undefined;
        case 'done':
          return outcome.value;
        case 'back':
          current = history.pop();
          break;
        case 'next': {
          history.push(step);
          const after = visible();
          current = after[after.indexOf(step) + 1];
          break;
        }
        case 'failed': {
          const target = visible().find((s) => s.id === outcome.stepId) ?? step;
          // Back from the reopened step leads to the step before it, not to the last step shown.
          const at = history.indexOf(target);
          if (at >= 0) history.length = at;
          else if (target !== step) history.push(step);
          current = target;
          error = outcome.message;
          break;
        }
      }
    }
    return undefined;
  } finally {
    shown?.dispose();
  }
}

function titleOf<S, R>(c: StepContext<S, R>): Pick<vscode.QuickInput, 'title' | 'step' | 'totalSteps' | 'ignoreFocusOut'> {
  // ignoreFocusOut: people switch windows to copy a key; that must not throw away the flow.
  return { title: c.options.title, step: c.step, totalSteps: c.totalSteps, ignoreFocusOut: true };
}

/** Runs `finish` with the input busy; maps its result, an exception or a close to an outcome. */
async function runFinish<S, R>(c: StepContext<S, R>, input: vscode.QuickInput, signal: AbortSignal, stepId: string): Promise<Outcome<R>> {
  input.busy = true;
  input.enabled = false;
  try {
    const result = await c.options.finish(c.options.state, signal);
    if (signal.aborted) return { kind: 'cancel' };
    return result.ok ? { kind: 'done', value: result.value } : { kind: 'failed', message: result.message, stepId: result.stepId };
  } catch (e) {
    if (signal.aborted) return { kind: 'cancel' };
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e), stepId };
  } finally {
    input.busy = false;
    input.enabled = true;
  }
}

/**
 * The lifecycle both kinds of step share: the outcome settles once; Back goes back; hiding the
 * widget cancels (and aborts a running `finish`); listeners are disposed once it settled.
 */
function runWidget<R, W extends vscode.InputBox | vscode.QuickPick<PickItem<unknown>>>(
  widget: W,
  c: { previous?: vscode.Disposable },
  wire: (settle: (o: Outcome<R>) => void, isSettled: () => boolean, finishing: AbortSignal) => vscode.Disposable[],
): Promise<StepRun<R>> {
  const finishing = new AbortController();
  const disposables: vscode.Disposable[] = [];
  return new Promise<Outcome<R>>((resolve) => {
    let settled = false;
    const settle = (o: Outcome<R>): void => {
      if (settled) return;
      settled = true;
      resolve(o);
    };
    disposables.push(
      ...wire(settle, () => settled, finishing.signal),
      widget.onDidTriggerButton((b) => {
        if (b === vscode.QuickInputButtons.Back) settle({ kind: 'back' });
      }),
      widget.onDidHide(() => {
        finishing.abort();
        settle({ kind: 'cancel' });
      }),
    );
    widget.show();
    c.previous?.dispose();
  }).then((outcome) => {
    for (const d of disposables) d.dispose();
    return { outcome, input: widget };
  });
}

function runInput<S, R>(step: InputStep<S>, c: StepContext<S, R>, canGoBack: boolean): Promise<StepRun<R>> {
  const state = c.options.state;
  const box = vscode.window.createInputBox();
  Object.assign(box, titleOf(c));
  box.prompt = step.prompt(state);
  box.placeholder = step.placeholder?.(state) ?? '';
  box.password = step.password ?? false;
  box.value = step.value(state);
  box.buttons = canGoBack ? [vscode.QuickInputButtons.Back] : [];
  const showLive = (value: string): void => {
    const live = step.live?.(value, state);
    if (!live) return;
    box.title = live.title ?? c.options.title;
    if (live.prompt !== undefined) box.prompt = live.prompt;
  };
  showLive(box.value);
  let liveTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleLive = (value: string): void => {
    if (!step.liveDelayMs) return showLive(value);
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => showLive(value), step.liveDelayMs);
  };
  const failedValue = c.error !== undefined ? box.value : undefined;
  if (c.error !== undefined) box.validationMessage = { message: c.error, severity: vscode.InputBoxValidationSeverity.Error };

  let checks = 0;
  let working = false;

  const check = async (value: string): Promise<string | undefined> => {
    try {
      return await step.validate(value, state);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };

  return runWidget<R, vscode.InputBox>(box, c, (settle, isSettled, finishing) => [
    { dispose: () => clearTimeout(liveTimer) },
    box.onDidChangeValue(async (value) => {
      scheduleLive(value);
      // The failure from `finish` stays visible until the value is changed.
      if (value === failedValue && c.error !== undefined) {
        box.validationMessage = { message: c.error, severity: vscode.InputBoxValidationSeverity.Error };
        return;
      }
      const mine = ++checks;
      const message = await check(value);
      if (mine === checks && !isSettled()) box.validationMessage = message;
    }),
    box.onDidAccept(async () => {
      if (working) return;
      working = true;
      try {
        const value = box.value;
        box.enabled = false;
        const message = await check(value);
        box.enabled = true;
        if (isSettled()) return;
        if (message !== undefined) {
          box.validationMessage = message;
          return;
        }
        step.apply(value, state);
        if (c.hasNext()) {
          settle({ kind: 'next' });
          return;
        }
        box.validationMessage = undefined;
        if (c.options.busyMessage) box.prompt = c.options.busyMessage;
        settle(await runFinish(c, box, finishing, step.id));
      } finally {
        working = false;
      }
    }),
  ]);
}

function runPick<S, R>(step: PickStep<S>, c: StepContext<S, R>, canGoBack: boolean): Promise<StepRun<R>> {
  const state = c.options.state;
  const pick = vscode.window.createQuickPick<PickItem<unknown>>();
  Object.assign(pick, titleOf(c));
  // A quick pick has no message line; a failure is shown where the user reads first.
  pick.placeholder = c.error ?? step.placeholder(state);
  pick.items = step.items(state);
  pick.buttons = canGoBack ? [vscode.QuickInputButtons.Back] : [];

  return runWidget<R, vscode.QuickPick<PickItem<unknown>>>(pick, c, (settle, isSettled, finishing) => [
    pick.onDidAccept(async () => {
      const chosen = pick.selectedItems[0];
      if (!chosen || isSettled()) return;
      step.apply(chosen.value, state);
      if (c.hasNext()) {
        settle({ kind: 'next' });
        return;
      }
      settle(await runFinish(c, pick, finishing, step.id));
    }),
  ]);
}
