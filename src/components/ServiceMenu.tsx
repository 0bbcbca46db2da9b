/** "Services & prices": a provider's menu with prices in USD and durations (rendered on the server, no JavaScript). */
import { menuDuration, menuPrice } from '@/features/providers';
import type { MenuItem } from '@/features/providers/schemas';

export function ServiceMenu({ items }: { items: MenuItem[] }) {
  return (
    <section aria-labelledby="services-prices-title" id="services-prices">
      <h2 id="services-prices-title" className="text-2xl font-bold text-gray-900">
        Services &amp; prices
      </h2>
      <table className="mt-4 w-full text-left">
        <thead className="sr-only">
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Duration</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {items.map((item) => (
            <tr key={item.name}>
              <th scope="row" className="py-3 pr-4 font-medium text-gray-900">
                {item.name}
              </th>
              <td className="whitespace-nowrap py-3 pr-4 text-sm text-gray-600">{menuDuration(item.durationMinutes)}</td>
              <td className="whitespace-nowrap py-3 text-right font-semibold text-gray-900">{menuPrice(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-gray-600">Prices in US dollars as listed by the business; confirm when you book.</p>
    </section>
  );
}
