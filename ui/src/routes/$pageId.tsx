import { createFileRoute, notFound } from '@tanstack/react-router';
import { currentLanguage, knownPageIds } from '@wine/contracts';
import { SellingBenefits } from '../components/SellingBenefits/SellingBenefits.tsx';
import { StaticPage } from '../components/StaticPage/StaticPage.tsx';
import { staticPageQuery } from '../components/StaticPage/static-page-query.ts';

const pageIds: ReadonlySet<string> = new Set(knownPageIds);

/**
 * seeds 000 §2.2 (and /aboutus, /howitworks, /terms-conditions of §2.1): the static content pages,
 * one shared view loading the record by the id taken from the path. Only the known ids match here;
 * named routes (/login, /contact, ...) rank above this one, and any other path is the fallback page.
 */
export const Route = createFileRoute('/$pageId')({
  beforeLoad: ({ params }) => {
    if (!pageIds.has(params.pageId)) throw notFound();
  },
  // Start loading on hover (a preload), in the page's language; the view shows its skeleton until the
  // record is there.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(staticPageQuery(params.pageId, currentLanguage()));
  },
  component: StaticContentPage,
});

function StaticContentPage() {
  const { pageId } = Route.useParams();
  return (
    <StaticPage key={pageId} id={pageId}>
      {pageId === 'selling_wine' ? <SellingBenefits /> : null}
    </StaticPage>
  );
}
