import { MAX_SAVED_SEARCHES } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { userDecider } from '../users/decide.ts';
import { registered } from '../users/fixtures.ts';
import type { SavedSearch } from './decide.ts';

const spec = deciderSpec(userDecider);
const search = (searchId: string, notify = true): SavedSearch => ({
  searchId,
  name: `search ${searchId}`,
  filters: { color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' } },
  notify,
});
const saved = (searchId: string, notify = true): UserEvent => ({
  type: 'SearchSaved',
  data: search(searchId, notify),
});
const deleted = (searchId: string): UserEvent => ({ type: 'SavedSearchDeleted', data: { searchId } });

describe('user decider: saved searches (seeds 000 §2.1 /saved_search)', () => {
  it('saves a search once: a retried save with the same id records nothing', () => {
    spec([registered])
      .when({ type: 'SaveSearch', search: search('s-1') })
      .then([saved('s-1')]);
    spec([registered, saved('s-1')])
      .when({ type: 'SaveSearch', search: search('s-1') })
      .then([]);
  });

  it(`refuses a search beyond ${MAX_SAVED_SEARCHES} with SAVED_SEARCHES_FULL; a deletion makes room`, () => {
    const full = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => saved(`s-${i}`));
    spec([registered, ...full])
      .when({ type: 'SaveSearch', search: search('s-new') })
      .thenThrows({ code: 'SAVED_SEARCHES_FULL' });
    spec([registered, ...full, deleted('s-3')])
      .when({ type: 'SaveSearch', search: search('s-new') })
      .then([saved('s-new')]);
  });

  it('switches the mail of a search, and records nothing when it is already so', () => {
    spec([registered, saved('s-1')])
      .when({ type: 'SetSavedSearchNotify', searchId: 's-1', notify: false })
      .then([{ type: 'SavedSearchNotifyChanged', data: { searchId: 's-1', notify: false } }]);
    spec([registered, saved('s-1')])
      .when({ type: 'SetSavedSearchNotify', searchId: 's-1', notify: true })
      .then([]);
  });

  it('deletes its own search; an unknown or deleted one is SAVED_SEARCH_NOT_FOUND', () => {
    spec([registered, saved('s-1')])
      .when({ type: 'DeleteSavedSearch', searchId: 's-1' })
      .then([deleted('s-1')]);
    spec([registered, saved('s-1'), deleted('s-1')])
      .when({ type: 'DeleteSavedSearch', searchId: 's-1' })
      .thenThrows({ code: 'SAVED_SEARCH_NOT_FOUND' });
    spec([registered])
      .when({ type: 'SetSavedSearchNotify', searchId: 'other-users', notify: true })
      .thenThrows({ code: 'SAVED_SEARCH_NOT_FOUND' });
  });

  it('records an alert only for a search that still asks for mail', () => {
    const alert = { type: 'RecordSearchAlert', searchId: 's-1', lotId: 'lot-1' } as const;
    spec([registered, saved('s-1')])
      .when(alert)
      .then([{ type: 'SavedSearchAlertSent', data: { searchId: 's-1', lotId: 'lot-1' } }]);
    spec([registered, saved('s-1', false)])
      .when(alert)
      .then([]);
    spec([registered, saved('s-1'), deleted('s-1')])
      .when(alert)
      .then([]);
  });
});
