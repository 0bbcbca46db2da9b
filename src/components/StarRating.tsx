/** Stars for a rating: the floored rating out of five filled, with the number for screen readers. */
export function StarRating({ rating, size = 16, label }: { rating: number | string; size?: number; label?: string }) {
  const value = Number(rating) || 0;
  const filled = Math.max(0, Math.min(5, Math.floor(value)));
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label ?? `Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <svg
          key={i}
          aria-hidden="true"
          width={size}
          height={size}
          viewBox="0 0 20 20"
          className={i <= filled ? 'text-amber-500' : 'text-gray-300'}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}
