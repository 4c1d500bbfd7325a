import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionListMarkdown, actionPathsSource } from '../src/action-paths-source.ts';

// Node-only, so outside src/ (contracts/src is browser-safe: .dependency-cruiser.cjs).
writeFileSync(join(import.meta.dirname, '../src/action-paths.ts'), actionPathsSource());
console.log('wrote contracts/src/action-paths.ts');
writeFileSync(join(import.meta.dirname, '../../docs/actions.md'), actionListMarkdown());
console.log('wrote docs/actions.md');
