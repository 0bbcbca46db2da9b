/**
 * The page of a provider listed after the build (netlify.toml rewrites unknown /provider/* here):
 * loads it by slug and renders the same components as the pre-built page. A UUID-looking slug
 * sends the visitor home through the "Redirecting to homepage..." screen (SPEC.md §2, §9).
 */
import { useEffect, useState } from 'react';
import FaqAccordion from '@/components/FaqAccordion';
import { BusinessInfoCard, OpeningHoursCard, ProviderHero, ProviderSeoText } from '@/components/ProviderDetails';
import { ApiError, getJson } from '@/lib/apiClient';
import { providerFaq, type ProviderFaqTemplates } from '@/lib/providerPage';
import type { Provider } from '@/lib/schemas/provider';
import { isUuidLike } from '@/lib/slugify';
import Reviews from './Reviews';

export const REDIRECT_DELAY_MS = 100;
export const PROVIDER_ERROR = 'Failed to load provider information. Please try again later.';

type State = { status: 'loading' } | { status: 'redirecting' } | { status: 'missing' } | { status: 'error' } | { status: 'done'; provider: Provider };

export default function ProviderFallback({ faqTemplates }: { faqTemplates: ProviderFaqTemplates }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const slug = decodeURIComponent(window.location.pathname.replace(/^\/provider\//, '').replace(/\/$/, ''));
    if (!slug || isUuidLike(slug)) {
      setState({ status: 'redirecting' });
      const timer = setTimeout(() => window.location.replace('/'), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    getJson<Provider>(`/api/providers/by-slug/${encodeURIComponent(slug)}`)
      .then((provider) => {
        document.title = `${provider.name} - ${provider.city}, ${provider.state} | Glow`;
        setState({ status: 'done', provider });
      })
      .catch((error) => {
        console.error(error);
        setState({ status: error instanceof ApiError && error.status === 404 ? 'missing' : 'error' });
      });
  }, []);

  if (state.status === 'redirecting') {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4" role="status">
        <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
        <p className="text-gray-700">Redirecting to homepage...</p>
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="container-page animate-pulse py-8" aria-busy="true" aria-label="Loading provider">
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <div className="aspect-[4/3] rounded-2xl bg-gray-200" />
          <div className="space-y-4">
            <div className="h-9 w-3/4 rounded bg-gray-200" />
            <div className="h-5 w-1/2 rounded bg-gray-200" />
            <div className="h-5 w-1/3 rounded bg-gray-200" />
            <div className="h-24 rounded bg-gray-200" />
          </div>
        </div>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="container-page py-16">
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">{PROVIDER_ERROR}</div>
      </div>
    );
  }
  if (state.status === 'missing') {
    return (
      <div className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold text-gray-900">We couldn't find that provider</h1>
        <p className="mt-3 text-gray-700">The listing may have moved or been removed. Search for similar beauty services near you instead.</p>
        <a href="/search" className="btn-primary mt-6">Search Beauty Services</a>
      </div>
    );
  }
  const { provider } = state;
  const faq = providerFaq(provider, faqTemplates);
  return (
    <div className="container-page py-8">
      <ProviderHero provider={provider} live />
      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-12">
          <section aria-labelledby="reviews-title">
            <h2 id="reviews-title" className="text-2xl font-bold text-gray-900">Reviews</h2>
            <div className="mt-4"><Reviews providerId={provider.id} /></div>
          </section>
          <section aria-labelledby="provider-faq" className="space-y-4">
            <h2 id="provider-faq" className="text-2xl font-bold text-gray-900">Frequently Asked Questions</h2>
            <FaqAccordion items={faq} />
          </section>
          <ProviderSeoText provider={provider} />
        </div>
        <aside className="space-y-6" aria-label="Business details">
          <BusinessInfoCard provider={provider} />
          <OpeningHoursCard provider={provider} />
        </aside>
      </div>
    </div>
  );
}
