export * from './port.ts';
export {
  createSandboxCardProvider,
  SANDBOX_AUTHENTICATION_PATH,
  type SandboxCardProvider,
  sandboxTestCards,
} from './sandbox.ts';
