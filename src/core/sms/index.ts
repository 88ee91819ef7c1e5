// The SMS helpers the API layer and the host use: destination normalisation and body analysis.
export { maskPhone, normalizeE164 } from './phone.js';
export { analyzeBody, maxBodyUnits, MAX_SEGMENTS, type BodyAnalysis } from './segments.js';
