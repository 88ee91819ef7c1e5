// Which libphonenumber-js metadata the SMS destination check needs, measured: every country's example
// mobile number, shortened by one to three digits, lengthened by one or two, and with its first national
// digit replaced by each of 0-9, is judged by the 'min', 'mobile' and 'max' metadata. A number 'max' refuses
// but a smaller set accepts is a typo that would reach the service (and cost an SMS); one 'max' accepts but
// a smaller set refuses is a real number the user could no longer text.
import { createRequire } from 'node:module';

type Metadata = 'min' | 'mobile' | 'max';
interface PhoneApi {
  parsePhoneNumberFromString(text: string, country?: string): { isValid(): boolean } | undefined;
}

const load = createRequire(__filename);

export interface MetadataVerdicts {
  inputs: number;
  /** Per metadata: inputs it accepts although 'max' refuses them. */
  laxer: Record<Metadata, number>;
  /** Per metadata: inputs 'max' accepts but it refuses. */
  stricter: Record<Metadata, number>;
  /** Bytes of each metadata file (JSON as shipped in the package). */
  bytes: Record<Metadata, number>;
}

function candidates(examples: Record<string, string>): [string, string][] {
  const out: [string, string][] = [];
  for (const [country, national] of Object.entries(examples)) {
    const variants = new Set<string>([national]);
    for (let cut = 1; cut <= 3; cut++) if (national.length > cut + 2) variants.add(national.slice(0, -cut));
    variants.add(national + '1');
    variants.add(national + '12');
    for (let d = 0; d <= 9; d++) variants.add(String(d) + national.slice(1));
    for (const v of variants) out.push([country, v]);
  }
  return out;
}

export function measurePhoneMetadata(): MetadataVerdicts {
  const examples = load('libphonenumber-js/examples.mobile.json') as Record<string, string>;
  const apis: Record<Metadata, PhoneApi> = {
    min: load('libphonenumber-js/min') as PhoneApi,
    mobile: load('libphonenumber-js/mobile') as PhoneApi,
    max: load('libphonenumber-js/max') as PhoneApi,
  };
  const valid = (m: Metadata, country: string, text: string): boolean =>
    apis[m].parsePhoneNumberFromString(text, country)?.isValid() ?? false;
  const inputs = candidates(examples);
  const laxer: Record<Metadata, number> = { min: 0, mobile: 0, max: 0 };
  const stricter: Record<Metadata, number> = { min: 0, mobile: 0, max: 0 };
  for (const [country, text] of inputs) {
    const full = valid('max', country, text);
    for (const m of ['min', 'mobile'] as const) {
      const v = valid(m, country, text);
      if (v && !full) laxer[m]++;
      if (!v && full) stricter[m]++;
    }
  }
  const size = (m: Metadata): number => JSON.stringify(load(`libphonenumber-js/metadata.${m}.json`)).length;
  return { inputs: inputs.length, laxer, stricter, bytes: { min: size('min'), mobile: size('mobile'), max: size('max') } };
}

if (require.main === module) console.log(measurePhoneMetadata());
