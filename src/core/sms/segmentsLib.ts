// The SMS segment counter (sms-segments-calculator and its 23 KB of grapheme tables): its own bundle
// (dist/segments.js) loaded by the first SMS body analysed (lazyParts.ts). The simulator takes it from there too.
export { SegmentedMessage } from 'sms-segments-calculator';
