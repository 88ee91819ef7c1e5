// The "painted" mark (PAINTED_MARK): set after the next frame, i.e. once what was just rendered is on screen.
// Invisible to users and assistive technology; `npm run bench` reads it to time a panel from command to paint.
import { PAINTED_MARK } from '../../shared/protocol.js';

export function markPainted(): void {
  requestAnimationFrame(() => setTimeout(() => performance.mark(PAINTED_MARK, { detail: Date.now() })));
}

/** A step on the way to the paint (`voiceSms.step.<name>`), for the bench's per-panel timeline (VSTK_BENCH_DETAIL=1). */
export function markStep(name: string): void {
  performance.mark(`voiceSms.step.${name}`);
}
