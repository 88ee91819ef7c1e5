// voiceSms.checkConnection: one request through the active profile's real client (balance, else this month of
// the first instance), then a report (core/diagnostics/connectionReport.ts) in a read-only document, with
// "Copy" and "Report Issue". Secrets never enter it: the inputs hold none, and the text passes the log's masks.
// Ids, local paths and the proxy's path are masked too, so it can be pasted publicly. Each check gets its own
// document, and its Copy and Report Issue take that very string: what is pasted is what was shown.
// Returns { text, lines } so tests and other extensions can read the verdicts.
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import type { ConnectionCheck, ReportLine, ReportPrivacy } from '../../core/index.js';
import { CONTEXT_KEYS, EXTENSION_ID } from '../../shared/ids.js';
import { NotSignedInError } from '../profile/clients.js';
import { loadCore } from '../bundles/coreLoader.js';
import { errorMessage, withProgress } from '../platform/errors.js';
import type { HostServices } from '../services.js';
import type { HostCommand } from './hostCommand.js';

const SCHEME = 'voicesms-report';
/** Reports kept for their documents (a reopened tab shows the same text); older ones are dropped. */
const KEPT_REPORTS = 10;

/** The reports behind the open documents; the content provider is registered on the first check. */
let reports: Map<string, string> | undefined;
let count = 0;

function reportStore(ctx: vscode.ExtensionContext): Map<string, string> {
  if (!reports) {
    const store = new Map<string, string>();
    ctx.subscriptions.push(
      vscode.workspace.registerTextDocumentContentProvider(SCHEME, { provideTextDocumentContent: (uri) => store.get(uri.query) ?? '' }),
    );
    reports = store;
  }
  return reports;
}

// No `failure`: a failure (signed out, Cancel) goes back to the caller as before; the report itself carries the verdicts.
export const command: HostCommand<{ driven: boolean }> = {
  manifest: {
    title: 'Check Connection',
    palette: CONTEXT_KEYS.signedIn,
  },
  parseArg: (raw) => ({ driven: typeof raw === 'object' && raw !== null }),
  async run(services, { driven }, ctx) {
    const store = reportStore(ctx);
    const stored = services.config.activeProfile;
    if (!stored) throw new NotSignedInError();
    const lines = await withProgress(vscode.l10n.t('Checking the connection…'), (signal) => check(services, signal));
    const about = {
      version: (ctx.extension.packageJSON as { version: string }).version,
      editorVersion: vscode.version,
      platform: process.platform,
      at: new Date(),
    };
    const text = services.log.userText(loadCore().formatConnectionReport(lines, about));
    const key = String(++count);
    store.set(key, text);
    for (const old of store.keys()) if (store.size > KEPT_REPORTS) store.delete(old);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: SCHEME, path: '/Connection Report.txt', query: key }));
    await vscode.window.showTextDocument(doc, { preview: false });
    if (!driven) void offerActions(text, lines);
    return { text, lines };
  },
};

async function offerActions(text: string, lines: readonly ReportLine[]): Promise<void> {
  const copy = vscode.l10n.t('Copy');
  const report = vscode.l10n.t('Report Issue');
  const failed = lines.filter((l) => l.verdict === 'fail').length;
  const summary = vscode.l10n.t('Connection check: {0} failed, {1} warnings.', failed, lines.filter((l) => l.verdict === 'warn').length);
  const show = failed > 0 ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const choice = await show(summary, copy, report);
  if (choice === copy) await vscode.env.clipboard.writeText(text);
  if (choice === report) {
    try {
      await vscode.commands.executeCommand('workbench.action.openIssueReporter', {
        extensionId: EXTENSION_ID,
        issueBody: loadCore().issueBody(text),
      });
    } catch (e) {
      // Browser-based editors (code-server, vscode.dev) have no issue reporter window: they open a GitHub
      // page, and only for extensions hosted there. The report must not be lost: it goes to the clipboard.
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'This editor could not open its issue reporter ({0}). The connection report is on the clipboard: paste it into your issue.',
          e instanceof Error ? e.message : String(e),
        ),
      );
    }
  }
}

async function check(services: HostServices, signal: AbortSignal): Promise<ReportLine[]> {
  const core = loadCore();
  const s = services.config.settings;
  const auth = { form: s.authForm, scheme: s.authScheme, signature: s.authSignature };
  let probe: ConnectionCheck['probe'];
  let profileName = services.config.activeProfile?.name ?? '';
  let baseUrl = services.config.activeProfile?.baseUrl ?? '';
  try {
    const active = await services.clients.active();
    profileName = active.profile.name;
    baseUrl = active.profile.baseUrl;
    probe = await core.probeConnection(
      active.client,
      { accountId: active.profile.accountId, instanceId: services.config.instances[0] },
      signal,
    );
  } catch (e) {
    // Not signed in any more, or a CA file that cannot be used: reported, not thrown (the probe itself never throws but the abort).
    probe = { ok: false, operation: undefined, message: errorMessage(e) };
  }
  const facts = services.clients.routeFacts(baseUrl);
  return core.buildConnectionReport({
    profileName,
    baseUrl,
    proxy: facts.proxy,
    path: facts.path,
    ...(facts.trust ? { trust: facts.trust } : {}),
    auth,
    probe,
    privacy: privacyOf(services),
  });
}

/** What the report masks: the profile's ids, the CA file (as written and expanded) and NODE_EXTRA_CA_CERTS. */
function privacyOf(services: HostServices): ReportPrivacy {
  const home = homedir();
  const caFile = services.config.settings.tlsCaFile.trim();
  const expanded = caFile === '~' || caFile.startsWith('~/') || caFile.startsWith('~\\') ? home + caFile.slice(1) : caFile;
  const accountId = services.config.activeProfile?.accountId;
  return {
    identifiers: [...(accountId ? [accountId] : []), ...services.config.instances],
    paths: [caFile, expanded, process.env['NODE_EXTRA_CA_CERTS'] ?? ''],
    home,
  };
}
