// The panels' stylesheet and the page's own (the host's theme variables read as the editor's), both inlined into
// the page by esbuild.mjs mcpAppPage under the page's CSP hash.
import '../../../media/webview.css';
import './app.css';
