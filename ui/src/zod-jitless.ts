import { z } from 'zod';

// The CSP allows no 'unsafe-eval' (platform/src/http/security-headers.ts). Zod compiles object parsers
// with `new Function` when it may, and its probe for that is reported as a CSP violation even though
// the throw is caught. Jitless must be set before the first object schema is made, so main.tsx
// imports this module first.
z.config({ jitless: true });
