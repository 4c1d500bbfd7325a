/**
 * The id interning lives with the event reader (platform, event-store/stream-ids.ts: the SQLite reader
 * interns stream names as it reads). A lot event's stream id is its lot's id.
 */
export { sharedId, streamIdOf as lotIdOf } from '@wine/platform';
