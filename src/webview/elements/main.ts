// The shared elements script (dist/webview/elements.js): the @vscode-elements custom elements every panel
// uses (and Lit under them), registered once here and loaded by the host before any panel's own bundle,
// so the panel bundles (one per panel kind, src/panels/*/page/main.ts) do not each carry a copy. See scriptsFor in src/host/webviews/html.ts.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
