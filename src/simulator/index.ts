// The simulator's public surface, for the demo mode, tests and scripts. See README.md in this folder.
export { DEFAULT_MAX_BUFFERED_BYTES, DEFAULT_MAX_CONNECTIONS, start } from './server.js';
export { randomCredentials } from './credentials.js';
export * from './defaults.js';
export { dayStats, type DayStats } from './traffic.js';
export { dayActivities, instanceNumber, MAX_ACTIVITIES, type Activity } from './activityLog.js';
export { monthViewData, type MonthViewData } from './handlers/calls.js';
export { FAULT_KINDS, parseFault } from './faults.js';
export { credentialEchoText, credentialForms } from './credentialEcho.js';
export { CONTROL_TOKEN_HEADER } from './guard.js';
export { RECEIVED_LIMIT, REQUEST_LIMIT } from './state.js';
export type * from './types.js';
