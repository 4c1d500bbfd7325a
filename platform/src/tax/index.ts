export * from './port.ts';
export { createSandboxTaxService } from './sandbox.ts';
