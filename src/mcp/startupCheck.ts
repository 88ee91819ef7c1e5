// What makes the server useless whatever the agent asks: no base URL, or one that could never be used (not a URL,
// or plain http:// to a host that is not this computer, which would send the credentials unencrypted). Said on
// stderr at start and the process exits non-zero, so the agent shows a failed server instead of one whose every
// call fails. Checked without loading the core (the agent's tool list must not wait for it); the core checks the
// same rule again (core/model/ids.ts validateBaseUrl). Other problems (a missing credential, a wrong secret) still
// start the server: each tool then answers with the sentence, which an agent can pass on.
import { ENV } from './config.js';
import { ENVIRONMENT_NAMES, type SettingNames } from './settingNames.js';

/** localhost, 127.0.0.0/8 and [::1] as WHATWG URL spells a hostname (as the core's isLoopbackHost). */
function loopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The sentence that stops the start, or undefined when the base URL can be tried. Never repeats the value. */
export function fatalStartupProblem(env: Record<string, string | undefined>, names: SettingNames = ENVIRONMENT_NAMES): string | undefined {
  const raw = (env[ENV.baseUrl] ?? '').trim();
  const lead = 'The Voice & SMS MCP server cannot work and stops:';
  const baseUrl = names.name(ENV.baseUrl);
  if (raw === '') {
    return names.door === 'bundle'
      ? `${lead} ${baseUrl} is empty. Fill it in ${names.where} with the service's https:// address.`
      : `${lead} ${baseUrl} is not set. Set it in the environment of the server (the agent's server configuration) to the service's https:// address, or start the server with --demo to try it without an account.`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${lead} ${baseUrl} is not an absolute URL; expected an address such as https://api.example.com.`;
  }
  if (url.protocol === 'http:' && !loopback(url.hostname)) {
    return `${lead} ${baseUrl} uses plain http:// for a host that is not this computer, which would send the credentials unencrypted. Use https:// (plain http:// is allowed only for localhost, 127.x.x.x and [::1]).`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `${lead} ${baseUrl} must start with https://.`;
  }
  return undefined;
}
