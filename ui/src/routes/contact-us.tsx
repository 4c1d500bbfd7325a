import { createFileRoute } from '@tanstack/react-router';
import { ContactDetails } from '../components/StaticPage/BuiltInPages.tsx';

/** seeds 000 §2.1 /contact-us: the built-in contact text. */
export const Route = createFileRoute('/contact-us')({ component: ContactDetails });
