import { action } from '../action.ts';
import {
  PageUploadInput,
  PageUploadResult,
  PublishPageInput,
  StaticPageInput,
  StaticPageRecord,
} from './page-record.ts';
import { StaffPageHistory, StaffPageHistoryInput, StaffPageList, StaffPagesInput } from './staff-pages.ts';

/** The static content pages (seeds 000 §2.2, §7 getStaticPage; 001 §7 "Common"). */
export const pageActions = {
  /** Anyone reads a page by its id; an unknown or unpublished id answers PAGE_NOT_FOUND. */
  getStaticPage: action({
    path: '/api/common/getStaticPage',
    side: 'query',
    auth: 'public',
    input: StaticPageInput,
    output: StaticPageRecord,
  }),
  /** An admin publishes a page's whole record (a new page, or the next version of one). */
  publishPage: action({
    path: '/api/admin/page/publish',
    side: 'command',
    auth: 'admin',
    input: PublishPageInput,
    output: StaticPageRecord,
  }),
  /**
   * An admin uploads a page's PDF into the static-files folder (seeds 000 §2.2): multipart
   * `file_upload`, a real PDF of at most MAX_PAGE_FILE_BYTES, stored under the hash of its content.
   */
  uploadPageFile: action({
    path: '/api/admin/page/uploadFile',
    side: 'command',
    auth: 'admin',
    input: PageUploadInput,
    output: PageUploadResult,
  }),
  /** The staff's list of pages (issue 34 §2 "Content"): every known page and every published one. */
  staffPages: action({
    path: '/api/admin/page/list',
    side: 'query',
    auth: 'admin',
    input: StaffPagesInput,
    output: StaffPageList,
  }),
  /** A page's published versions, newest first, each with who published it and its whole record. */
  staffPageHistory: action({
    path: '/api/admin/page/history',
    side: 'query',
    auth: 'admin',
    input: StaffPageHistoryInput,
    output: StaffPageHistory,
  }),
} as const;
