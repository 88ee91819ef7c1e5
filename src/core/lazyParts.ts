// The core's big libraries load where they are used, not with the core: undici (the bundled HTTP client, for
// loopback and outside the editor; inside it other requests take the editor's http/https, connect.ts), the
// full phone-number metadata and the SMS segment counter (SMS only). A month view read needs none of them. In the shipped
// files each is a bundle of its own beside dist/core.js (esbuild.mjs lazyParts), required here on
// first use; run from the sources (tests), these requires load the TypeScript files.
import type * as UndiciParts from './http/undici.js';
import type * as PhoneParts from './sms/phoneLib.js';
import type * as SegmentsParts from './sms/segmentsLib.js';

let undiciParts: typeof UndiciParts | undefined;
let phoneParts: typeof PhoneParts | undefined;
let segmentsParts: typeof SegmentsParts | undefined;

/** undici's Agent and ProxyAgent (dist/undici.js). */
export function undici(): typeof UndiciParts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (undiciParts ??= require('./http/undici.js') as typeof UndiciParts);
}

/** libphonenumber-js with its full metadata (dist/phone.js). */
export function phoneLib(): typeof PhoneParts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (phoneParts ??= require('./sms/phoneLib.js') as typeof PhoneParts);
}

/** sms-segments-calculator (dist/segments.js). */
export function segmentsLib(): typeof SegmentsParts {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (segmentsParts ??= require('./sms/segmentsLib.js') as typeof SegmentsParts);
}
