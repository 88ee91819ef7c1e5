// The parts of undici the client uses: Agent, ProxyAgent and the request API. Taken from their own files
// instead of the package index, which also loads fetch, WebSocket, EventSource, caches, mocks and
// interceptors (about 220 KB of the 535 KB undici added to dist/core.js) that this extension never uses.
// The index wires the request API onto the Dispatcher prototype; the same one line is done here.
// test/unit/core/http/undici.test.ts checks these are the index's own classes, wired the same way.
import type * as Undici from 'undici';
import api from 'undici/lib/api/index.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import ProxyAgentClass from 'undici/lib/dispatcher/proxy-agent.js';

Object.assign(DispatcherClass.prototype, api);

export const Agent = AgentClass as typeof Undici.Agent;
export type Agent = Undici.Agent;
export const ProxyAgent = ProxyAgentClass as typeof Undici.ProxyAgent;
export type ProxyAgent = Undici.ProxyAgent;
export type { Dispatcher, buildConnector } from 'undici';
