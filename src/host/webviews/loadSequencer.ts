// One load at a time per panel: starting a new one aborts the previous request, and a result that
// arrives after it was superseded (or after the panel closed) is dropped instead of overwriting
// newer data.
export interface LoadTicket {
  signal: AbortSignal;
  isCurrent(): boolean;
}

export class LoadSequencer {
  private controller: AbortController | undefined;
  private seq = 0;
  private disposed = false;

  begin(): LoadTicket {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const mine = ++this.seq;
    return { signal: controller.signal, isCurrent: () => !this.disposed && mine === this.seq };
  }

  dispose(): void {
    this.disposed = true;
    this.controller?.abort();
  }
}
