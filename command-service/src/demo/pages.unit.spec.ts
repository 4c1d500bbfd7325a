import { actions } from '@wine/contracts';
import { knownPageIds } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { pageDecider } from '../pages/page.ts';
import { publishCommand } from '../pages/routes.ts';
import { demoPages } from './pages.ts';

describe('the demo pages', () => {
  it('cover every known page id once', () => {
    expect(demoPages.map((p) => p.id).sort()).toEqual([...knownPageIds].sort());
  });

  it('are valid publish inputs whose HTML survives sanitising unchanged', () => {
    for (const page of demoPages) {
      const input = actions.publishPage.input.parse({
        id: page.id,
        title: page.title,
        meta_description: page.meta,
        ...(page.file
          ? { content_type: 'file', file_path: page.file, content: page.html }
          : { content_type: 'html', content: page.html }),
      });
      const [event] = pageDecider.decide(publishCommand(input), pageDecider.initialState());
      expect(event?.data.content, page.id).toBe(page.html.trim());
      if (!page.file) expect(page.html.length, page.id).toBeGreaterThan(150);
    }
  });

  it('make the guidelines a PDF page', () => {
    expect(demoPages.find((p) => p.id === 'guidelines')).toMatchObject({ file: 'guidelines.pdf' });
  });
});
