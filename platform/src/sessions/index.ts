export * from './session-user.ts';
export * from './tokens.ts';
