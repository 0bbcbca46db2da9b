/**
 * The dashboard's Insights section (docs/insights.md): the way to the listing's Insights view and
 * the account's monthly email setting. Rendered inside BusinessDashboard for the chosen listing.
 */
import { useEffect, useId, useState } from 'react';
import type { MonthlyEmail } from '../features/insights/index';
import { apiCall, ApiError } from '@/lib/apiClient';

export function InsightsSection({ providerId }: { providerId: string }) {
  const id = useId();
  const [monthly, setMonthly] = useState<boolean | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    apiCall<MonthlyEmail>('GET', '/api/owners/insights-mail')
      .then((s) => setMonthly(s.monthly))
      .catch(() => setMonthly(null));
  }, []);
  // The box shows the choice at once and goes back if it could not be saved.
  async function change(next: boolean) {
    setMonthly(next);
    setMessage('');
    try {
      const saved = await apiCall<MonthlyEmail>('PUT', '/api/owners/insights-mail', { monthly: next });
      setMonthly(saved.monthly);
      setMessage(saved.monthly ? 'You will get the monthly summary.' : 'You will get no more monthly summaries.');
    } catch (error) {
      setMonthly(!next);
      setMessage(error instanceof ApiError ? error.message : 'The setting could not be saved. Try again.');
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-gray-900">
        Insights
      </h2>
      <p className="text-sm text-gray-700">
        How many people viewed your listing, found it in search, called, asked for directions or opened your website: the last 30 days against the 30 before,
        counted without cookies.
      </p>
      <p>
        <a className="btn-secondary" href={`/business/insights/${encodeURIComponent(providerId)}`}>
          See your insights
        </a>
      </p>
      {monthly !== null && (
        <p className="flex items-center gap-2">
          <input id={`${id}-monthly`} type="checkbox" checked={monthly} onChange={(e) => void change(e.target.checked)} className="h-4 w-4" />
          <label htmlFor={`${id}-monthly`} className="text-gray-900">
            Email me a monthly summary of my listings
          </label>
        </p>
      )}
      <p role="status" className="text-sm text-gray-700">
        {message}
      </p>
    </section>
  );
}
