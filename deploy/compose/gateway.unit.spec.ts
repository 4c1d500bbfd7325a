import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actions } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { gatewayConfig } from './gateway.ts';

describe('compose gateway', () => {
  it('is generated from the contracts (run `npx tsx deploy/compose/generate-gateway.ts` after adding an action)', () => {
    expect(readFileSync(join(import.meta.dirname, 'nginx.conf'), 'utf8')).toBe(gatewayConfig());
  });

  it('routes no developer action such as the outbox (the /api/ catch-all answers 404)', () => {
    expect(gatewayConfig()).not.toContain(actions.devOutbox.path);
    expect(gatewayConfig()).not.toContain('/api/dev/');
  });

  it('sends the services’ security headers with the UI and uploads it serves itself', () => {
    const ui = gatewayConfig().split('location / {')[1] ?? '';
    expect(ui).toContain(`add_header Content-Security-Policy "default-src 'self'; script-src 'self';`);
    expect(ui).toContain("frame-ancestors 'none'\" always;");
    expect(ui).toContain('add_header X-Content-Type-Options nosniff always;');
  });

  it('serves the custom flag’s /api/custom/ paths as the user area’s, keeping its own exact ones (seeds 001 §7)', () => {
    const conf = gatewayConfig();
    expect(conf).toContain('rewrite ^/api/custom/(payment/.*)$ /api/$1 last;');
    expect(conf).toContain('rewrite ^/api/custom/(.*)$ /api/user/$1 last;');
    expect(conf).toContain(`location = ${actions.addNewsletterContact.path} {`);
  });

  it('sends commands to the command-service and queries to the projection-service', () => {
    const conf = gatewayConfig();
    expect(conf).toContain(
      `location = ${actions.createLot.path} {\n      proxy_pass http://command-service:3001;`,
    );
    expect(conf).toContain(
      `location = ${actions.productSearch.path} {\n      proxy_pass http://projection-service:3002;`,
    );
  });
});
