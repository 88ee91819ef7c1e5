// What commands may do with the offline demo (the shell's DemoHandle does it, loading demoMode.ts on first use).
export interface DemoService {
  /** Starts the demo's simulator in this extension host and makes its profile active; resolves with its name. */
  start(): Promise<string>;
  /** Stops it and removes its profile; resolves with the profile active afterwards, if any. */
  stop(): Promise<string | undefined>;
}
