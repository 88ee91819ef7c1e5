// `--help` and `--version`: printed on stdout (no protocol runs then) and exit 0, before any other flag is read,
// so `node mcp.js --help` works whatever else the line holds.
import { ALLOW_SEND_FLAG, DEFAULT_MAX_SENDS_PER_HOUR, DEMO_FLAG, ENV, MAX_SENDS_FLAG } from './config.js';

export const HELP_FLAGS: readonly string[] = ['--help', '-h'];
export const VERSION_FLAGS: readonly string[] = ['--version', '-v'];

export function helpText(version: string): string {
  return [
    `voice-sms-toolkit MCP server ${version}: the Voice & SMS tools, resources and prompts for any agent, over stdio.`,
    '',
    `Usage: node mcp.js [${ALLOW_SEND_FLAG}] [${MAX_SENDS_FLAG} N] [${DEMO_FLAG}]`,
    '',
    'Flags:',
    `  ${ALLOW_SEND_FLAG}           list send_test_sms; every message is still confirmed by you`,
    `  ${MAX_SENDS_FLAG} N   ask you about at most N messages per rolling hour and profile, sent or declined,`,
    `                         counted across restarts and shared by every server of the profile (default ${DEFAULT_MAX_SENDS_PER_HOUR})`,
    `  ${DEMO_FLAG}                 the built-in simulator in this process: no account, nothing leaves the computer`,
    '  --help, --version      print this text or the version, and exit',
    '',
    'Settings come only from the environment (never the command line):',
    `  ${ENV.baseUrl} (required; https://, or http:// on localhost), ${ENV.accessKeyId} and ${ENV.secretAccessKey} (required),`,
    `  ${ENV.accountId}, ${ENV.voiceInstances}, ${ENV.senderIds}, ${ENV.profile}, ${ENV.defaultRegion},`,
    `  ${ENV.authForm}, ${ENV.authSignature}, ${ENV.authScheme}, ${ENV.caFile}; HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS.`,
    '',
  ].join('\n');
}
