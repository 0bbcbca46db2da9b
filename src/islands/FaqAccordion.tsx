/**
 * FAQ accordion: one answer open at a time, clicking the open one closes it.
 * Every answer is in the HTML (hidden ones with `hidden`), so search engines and readers without
 * script get the whole text. The home variant opens the first item and adds Get Free Deal Alerts.
 */
import { pathParts } from '@/features/content';
import { useId, useState } from 'react';
import type { FaqItem } from '@/features/content/schemas';

export interface FaqAccordionProps {
  items: FaqItem[];
  /** Index open at first (home: 0); null for none. */
  initialOpen?: number | null;
  /** Home variant: the first answer carries the deal alerts button. */
  dealAlerts?: boolean;
}

export const DEAL_ALERT_MESSAGE = "You're signed up for free deal alerts! We'll let you know about new offers from beauty providers near you.";

export default function FaqAccordion({ items, initialOpen = null, dealAlerts = false }: FaqAccordionProps) {
  const id = useId();
  const [open, setOpen] = useState<number | null>(initialOpen);
  const [alerted, setAlerted] = useState(false);
  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map((item, i) => {
        const isOpen = open === i;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={`${id}-q${i}`}
                aria-expanded={isOpen}
                aria-controls={`${id}-a${i}`}
                onClick={() => setOpen(isOpen ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700"
              >
                <span>{item.question}</span>
                <svg
                  aria-hidden="true"
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  className={`shrink-0 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                >
                  <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06z" />
                </svg>
              </button>
            </h3>
            <div id={`${id}-a${i}`} role="region" aria-labelledby={`${id}-q${i}`} hidden={!isOpen} className="px-5 pb-5 text-gray-700">
              <p>
                {pathParts(item.answer).map((part, j) =>
                  part.href ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered
                    <a key={j} href={part.href} className="font-medium text-brand-700 underline underline-offset-2">
                      {part.text}
                    </a>
                  ) : (
                    part.text
                  ),
                )}
              </p>
              {dealAlerts && i === 0 && (
                <div className="mt-4">
                  <button type="button" className="btn-primary" onClick={() => setAlerted(true)}>
                    Get Free Deal Alerts
                  </button>
                  {alerted && (
                    <p role="alert" className="mt-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
                      {DEAL_ALERT_MESSAGE}
                    </p>
                  )}
                </div>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
