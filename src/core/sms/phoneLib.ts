// The parts of libphonenumber-js phone.ts uses, with the full metadata: the default one checks only lengths, and
// would accept e.g. "0151 12" for DE. Its own bundle (dist/phone.js, 190 KB of metadata) loaded by the first
// phone number through lazyParts.ts, so a window that never sends an SMS never parses it.
export { ParseError, isSupportedCountry, parsePhoneNumberWithError, validatePhoneNumberLength } from 'libphonenumber-js/max';
