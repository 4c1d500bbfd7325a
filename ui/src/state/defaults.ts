import { useQuery } from '@tanstack/react-query';
import type { DefaultBundle } from '@wine/contracts';
import { defaultBundleQuery } from '../api/queries.ts';

export type DefaultBundleState =
  | { state: 'loading' }
  | { state: 'hasData'; data: DefaultBundle }
  | { state: 'hasError'; error: unknown };

/** seeds 000 §2.4 / §3.2: the default data bundle loaded at start (countries, regions, colours, ...). */
export function useDefaultBundle(): DefaultBundleState {
  const bundle = useQuery(defaultBundleQuery());
  if (bundle.data) return { state: 'hasData', data: bundle.data };
  return bundle.isError ? { state: 'hasError', error: bundle.error } : { state: 'loading' };
}
