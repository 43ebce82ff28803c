export * from './countries.ts';
export * from './messages.ts';
export * from './schemas/fields.ts';
export * from './schemas/auth.ts';
export * from './schemas/issues.ts';
export * from './identity-qr.ts';
