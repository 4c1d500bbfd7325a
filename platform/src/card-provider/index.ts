export * from './port.ts';
export {
  createSandboxCardProvider,
  SANDBOX_AUTHENTICATION_PATH,
  type SandboxCardProvider,
  type SandboxCharge,
  sandboxTestCards,
} from './sandbox.ts';
export { createStripeCardProvider, type StripeOptions, verifyStripeEvent } from './stripe.ts';
