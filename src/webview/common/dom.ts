// Tiny DOM builder. Strings always become text nodes: nothing here can turn data into markup,
// which is how every server-supplied string stays inert (no innerHTML anywhere in the webviews).
// <vscode-button> is registered by the shared elements script (src/webview/elements/main.ts).

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  className?: string;
  id?: string;
  /** Plain attributes (aria-*, role, tabindex, title ...); `false`/`undefined` omit the attribute. */
  attrs?: Record<string, string | number | boolean | undefined>;
  dataset?: Record<string, string>;
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.className) el.className = props.className;
  if (props.id) el.id = props.id;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [k, v] of Object.entries(props.dataset ?? {})) el.dataset[k] = v;
  for (const [type, listener] of Object.entries(props.on ?? {})) {
    el.addEventListener(type, listener as EventListener);
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

export function replaceContent(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** A button styled by @vscode-elements (role=button, keyboard and focus handled by the element). */
export function button(
  label: string,
  onClick: () => void,
  opts: { secondary?: boolean; title?: string; disabled?: boolean; ariaLabel?: string } = {},
): HTMLElement {
  const b = h(
    'vscode-button',
    {
      attrs: { secondary: opts.secondary, title: opts.title, 'aria-label': opts.ariaLabel, disabled: opts.disabled },
      on: {
        click: () => {
          if (!b.hasAttribute('disabled')) onClick();
        },
      },
    },
    label,
  );
  return b;
}

export function appRoot(): HTMLElement {
  const app = document.getElementById('app');
  if (!app) throw new Error('webview page has no #app element');
  return app;
}
