// What the e2e runner (scripts/editor/e2e.ts) hands to the test files: one code-server with the
// packaged VSIX installed, one browser, and where screenshots go. One editor serves every file
// because a start costs seconds and ~1 GB; each describe opens its own page.
import type { Browser, Page } from 'playwright-core';

/** A running local simulator (src/simulator) for flows that talk to the service. */
export interface SimulatorInfo {
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The X-Sim-Token its /__sim control endpoints require. */
  controlToken: string;
}

export interface E2eSession {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The workbench URL with the test workspace folder open. */
  workspaceUrl: string;
  /** Absolute path of the workspace folder (files created there show up in the Explorer). */
  workspace: string;
  browser: Browser;
  /** code-server's user data (its logs/ hold the extension's log files). */
  userDataDir: string;
  /** Where Workbench.screenshot() writes (test-results/e2e/). */
  screenshotsDir: string;
  /**
   * Starts the simulator on first call (then returns the same one); the runner stops it at the end.
   * The editor does not get VOICESMS_* variables: a test types these values into the sign-in flow.
   */
  simulator(): Promise<SimulatorInfo>;
  /** The VSIX under test. */
  vsix: string;
  /** A second code-server with the same VSIX (own user data and folder); the caller stops it. */
  startEditor(options: {
    workspaceTrust?: boolean;
    workspaceFiles?: Record<string, string>;
    /** Environment of code-server and its extension host (PATH replaces the harness's). */
    env?: Record<string, string>;
  }): Promise<{
    workspaceUrl: string;
    extensionsDir: string;
    /** Installs another VSIX into it while it runs, as an update does. */
    installExtension(vsix: string): Promise<void>;
    stop(): Promise<void>;
  }>;
}

let current: E2eSession | undefined;

/** Pages of open Workbench objects, so the runner can screenshot them when a test fails. */
export const openPages = new Set<Page>();

export function setSession(session: E2eSession | undefined): void {
  current = session;
}

export function session(): E2eSession {
  if (!current) throw new Error('no editor session: run the e2e suite with npm run test:e2e');
  return current;
}
