import type { PageEvent, StaticPagePublishedData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import { isBlankHtml, sanitisePageHtml } from './sanitise.ts';

/** A static content page (`page-<id>`, seeds 000 §2.2): never published, or its record as it reads now. */
export type Page = { status: 'none' } | { status: 'published'; record: StaticPagePublishedData };

/** What an admin asks: publish this record (a new page or the next version of one). */
export type PageCommand = {
  type: 'PublishPage';
  pageId: string;
  title: string;
  metaDescription: string;
} & ({ contentType: 'html'; content: string } | { contentType: 'file'; filePath: string; content: string });

export function evolvePage(_state: Page, event: PageEvent): Page {
  switch (event.type) {
    case 'StaticPagePublished':
      return { status: 'published', record: event.data };
    default: {
      const _exhaustive: never = event.type;
      return _state;
    }
  }
}

/** The record as it will be stored: the HTML sanitised on the way in, whatever the caller checked. */
function recordOf(command: PageCommand): StaticPagePublishedData {
  const content = sanitisePageHtml(command.content);
  if (command.contentType === 'html' && isBlankHtml(content)) throw new AppError('PAGE_CONTENT_EMPTY');
  return {
    pageId: command.pageId,
    title: command.title,
    contentType: command.contentType,
    content,
    filePath: command.contentType === 'file' ? command.filePath : null,
    metaDescription: command.metaDescription,
  };
}

const sameRecord = (a: StaticPagePublishedData, b: StaticPagePublishedData) =>
  JSON.stringify(a) === JSON.stringify(b);

export function decidePage(command: PageCommand, state: Page): PageEvent[] {
  switch (command.type) {
    case 'PublishPage': {
      const record = recordOf(command);
      // Publishing what the page already says records nothing.
      if (state.status === 'published' && sameRecord(state.record, record)) return [];
      return [{ type: 'StaticPagePublished', data: record }];
    }
    default: {
      const _exhaustive: never = command.type;
      return [];
    }
  }
}

export const pageDecider: Decider<PageCommand, PageEvent, Page> = {
  decide: decidePage,
  evolve: evolvePage,
  initialState: () => ({ status: 'none' }),
};
