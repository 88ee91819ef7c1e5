// Node builtins the core requires on first use instead of with itself: in a fresh process tls costs ~18 ms to load,
// crypto ~8 and net ~3 (bench row "process start"). An extension host has all three loaded before any extension runs
// (checked in code-server's, Node 24), and a month view read over loopback with basic authentication uses none.
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as Crypto from 'node:crypto';
import type * as Net from 'node:net';
import type * as Tls from 'node:tls';

export const nodeTls = (): typeof Tls => require('node:tls') as typeof Tls;
export const nodeNet = (): typeof Net => require('node:net') as typeof Net;
export const nodeCrypto = (): typeof Crypto => require('node:crypto') as typeof Crypto;
