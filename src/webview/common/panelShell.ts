// What every panel kind shares on the page (src/panels/*/page/main.ts): the frame (a header with the panel's title or navigation and
// its action buttons, a subtitle, a live body), the phase the body shows (waiting, loading, data, error)
// and the error state whose Retry asks the host again. Each panel's main.ts supplies only its own parts:
// the header's contents, the texts, and how its data is drawn.
import type { PanelError } from '../../shared/protocol.js';
import { append, appRoot, h, replaceContent, type Child } from './dom.js';
import { errorState, loadingState } from './parts.js';

export type Phase<D> =
  /** Nothing known yet (no saved state, no message from the host). */
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'data'; data: D } | { kind: 'error'; error: PanelError };

export interface PanelShellOptions<D> {
  /** The header's left part: the panel's title, or its navigation. */
  nav: Child[];
  actions: Child[];
  /** Called on every render before the body: the subtitle and anything else outside the body. */
  frame(subtitle: HTMLElement, phase: Phase<D>): void;
  idleText?(): string;
  loadingText(): string;
  errorTitle(): string;
  /**
   * The body's contents for `data`, and what to do once they are in the document (draw a chart, which
   * measures its box). `stillShown()` turns false once the body shows something else, so work finished
   * later (a chart whose library arrives after the panel moved on) can see it is too late.
   */
  renderData(data: D, stillShown: () => boolean): { content: Child[]; inserted?(): void };
  /** Runs before the body is replaced (e.g. to destroy the old chart). */
  clear?(): void;
  /** Retry was pressed in the error state: the shell already shows loading; ask the host. */
  retry(): void;
}

export class PanelShell<D> {
  readonly app = appRoot();
  readonly subtitle = h('p', { className: 'subtitle' });
  readonly body = h('div', { className: 'body', attrs: { 'aria-live': 'polite' } });
  private current: Phase<D>;
  private renders = 0;

  constructor(
    private readonly o: PanelShellOptions<D>,
    initial: Phase<D> = { kind: 'loading' },
  ) {
    this.current = initial;
    replaceContent(
      this.app,
      h('header', { className: 'toolbar' }, h('div', { className: 'nav' }, ...o.nav), h('div', { className: 'actions' }, ...o.actions)),
      this.subtitle,
      this.body,
    );
  }

  get phase(): Phase<D> {
    return this.current;
  }

  /** Shows `phase` (and renders the frame again). */
  show(phase: Phase<D>): void {
    this.current = phase;
    this.render();
  }

  /**
   * The body already shows `data`: the page changed it in place (a live update). The phase takes it and the frame is
   * drawn again; the body is left as it is, so its elements, scroll position and focus stay.
   */
  keepShowing(data: D): void {
    this.current = { kind: 'data', data };
    this.o.frame(this.subtitle, this.current);
  }

  /** The body's contents for `data`, drawn off the page (a live update copies them into the elements on show). */
  draw(data: D): Element[] {
    const content = this.o.renderData(data, () => false).content;
    const holder = document.createElement('div');
    append(holder, ...content);
    return [...holder.children];
  }

  /** Renders the frame and the body for the current phase. */
  render(): void {
    const mine = ++this.renders;
    const phase = this.current;
    this.o.frame(this.subtitle, phase);
    this.o.clear?.();
    this.app.setAttribute('aria-busy', String(phase.kind === 'loading'));
    switch (phase.kind) {
      case 'idle':
        replaceContent(this.body, loadingState(this.o.idleText?.() ?? this.o.loadingText()));
        return;
      case 'loading':
        replaceContent(this.body, loadingState(this.o.loadingText()));
        return;
      case 'error':
        replaceContent(
          this.body,
          errorState(this.o.errorTitle(), phase.error, () => this.retry()),
        );
        return;
      case 'data': {
        const rendered = this.o.renderData(phase.data, () => mine === this.renders);
        replaceContent(this.body, ...rendered.content);
        rendered.inserted?.();
        return;
      }
    }
  }

  /** Shows loading and asks the host again (the error state's Retry, a Reload button). */
  retry(): void {
    this.show({ kind: 'loading' });
    this.o.retry();
  }
}
