export * from './api/contracts.ts';
export * from './api/envelope.ts';
export * from './api/paths.ts';
export * from './api/rsp-codes.ts';
export * from './cipher.ts';
export * from './mask.ts';
export * from './password-policy.ts';
export * from './validators/contact.ts';
