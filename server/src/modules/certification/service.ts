export { type CertificationSummary, certificationSummary } from './summary.ts';
