import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayConfig } from './gateway.ts';

writeFileSync(join(import.meta.dirname, 'nginx.conf'), gatewayConfig());
console.log('wrote deploy/compose/nginx.conf');
