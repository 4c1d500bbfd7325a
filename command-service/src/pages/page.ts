import { isDeepStrictEqual } from 'node:util';
import type { PageEvent, SpanishPageData, StaticPagePublishedData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import { isBlankHtml, sanitisePageHtml } from './sanitise.ts';

/** A static content page (`page-<id>`, seeds 000 §2.2): never published, or its record as it reads now. */
export type Page = { status: 'none' } | { status: 'published'; record: StaticPagePublishedData };

/** A page's Spanish version as asked: each field '' (or null) where it is not translated. */
export interface SpanishPageText {
  title: string;
  metaDescription: string;
  content: string;
  filePath: string | null;
}

/** What an admin asks: publish this record (a new page or the next version of one), in English and perhaps Spanish. */
export type PageCommand = {
  type: 'PublishPage';
  pageId: string;
  title: string;
  metaDescription: string;
  spanish?: SpanishPageText | null;
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

/**
 * The Spanish version as stored: its HTML sanitised as the English is, a body with nothing to see kept
 * as '' (the English one shows), a Spanish PDF only on a PDF page; nothing translated at all is null.
 */
function spanishOf(command: PageCommand): SpanishPageData | null {
  const asked = command.spanish;
  if (!asked) return null;
  const content = sanitisePageHtml(asked.content);
  const spanish: SpanishPageData = {
    title: asked.title.trim(),
    content: isBlankHtml(content) ? '' : content,
    filePath: command.contentType === 'file' ? asked.filePath : null,
    metaDescription: asked.metaDescription.trim(),
  };
  const translated = spanish.title || spanish.content || spanish.filePath || spanish.metaDescription;
  return translated ? spanish : null;
}

/** The record as it will be stored: the HTML sanitised on the way in (both languages), whatever the caller checked. */
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
    spanish: spanishOf(command),
  };
}

// By value, whatever the order of the keys (an event read back, or lifted from version 1).
const sameRecord = (a: StaticPagePublishedData, b: StaticPagePublishedData) => isDeepStrictEqual(a, b);

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
