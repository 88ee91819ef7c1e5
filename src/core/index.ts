// The core's public surface, built as its own bundle (dist/core.js). The host requires it on first
// use, so activation never parses or evaluates undici, the XML parser or the phone-number tables.
export { createClient, DEFAULT_TIMEOUTS } from './client.js';
export { connectClient, routeFacts } from './connect.js';
export type { EditorNetwork, NetworkInputs, NetworkPath } from './connect.js';
export { NodeHttpTransport, redactRoute } from './http/nodeTransport.js';
export type { NodeHttpModules, NodeTransportOptions, RouteTaken } from './http/nodeTransport.js';
export { configureCoreL10n } from './l10n.js';
export { RequestScheduler, DEFAULT_MAX_CONCURRENT_REQUESTS } from './http/scheduler.js';
export type { RequestPriority, SchedulerOptions } from './http/scheduler.js';
export type {
  ClientOptions,
  VoiceSmsClient,
  MonthViewResult,
  RawResult,
  BalanceResult,
  OperationCall,
  ReadOptions,
  DescribedRequest,
  SendSmsInput,
  SendSmsResult,
  Balance,
  Logger,
} from './client.js';
export { normalizeE164, maskPhone, analyzeBody, maxBodyUnits } from './sms/index.js';
export type { BodyAnalysis } from './sms/index.js';
export { parseEnvelope } from './xml/envelope.js';
export { readAnswerJob } from './answerThread/work.js';
export type { Envelope } from './xml/envelope.js';
export { validateId, validateMonthId, validateDateId, validateBaseUrl } from './model/ids.js';
export { createProxyDispatcher, decideProxy, explainProxy, redactProxyUrl, resolveProxy, shouldBypassProxy } from './http/proxy.js';
export type { ProxyDecision, ProxyDispatcherOptions, ProxyInputs } from './http/proxy.js';
export {
  buildConnectionReport,
  clockSkewVerdict,
  formatConnectionReport,
  issueBody,
  probeConnection,
} from './diagnostics/connectionReport.js';
export { maskIdentifier, maskPath, maskProxyUrl, type ReportPrivacy } from './diagnostics/reportMask.js';
export type { ConnectionCheck, ReportLine, Verdict } from './diagnostics/connectionReport.js';
export { addsToNodeDefaults, CA_FILE_SETTING, describeTrust, resolveTrust } from './http/trust.js';
export type { CertSummary, TrustInputs, TrustSource, TrustStore } from './http/trust.js';
export { DEFAULT_STORED_MONTHS_LIMIT, isFinishedMonth, MonthStore } from './store/monthStore.js';
export type { MonthScope, MonthStoreOptions } from './store/monthStore.js';
