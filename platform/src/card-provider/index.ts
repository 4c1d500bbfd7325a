export * from './port.ts';
export { createSandboxCardProvider, sandboxTestCards } from './sandbox.ts';
