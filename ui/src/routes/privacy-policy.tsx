import { createFileRoute } from '@tanstack/react-router';
import { PrivacyAccessibility } from '../components/StaticPage/BuiltInPages.tsx';

/** seeds 000 §2.1 /privacy-policy: the built-in privacy-and-accessibility text. */
export const Route = createFileRoute('/privacy-policy')({ component: PrivacyAccessibility });
