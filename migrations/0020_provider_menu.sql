-- A provider's service menu: JSON-encoded list of { name, priceFrom, priceTo?, durationMinutes }
-- (src/features/providers/schemas/menu.ts), or NULL for a listing without one (its services show as a list).
ALTER TABLE providers ADD COLUMN menu TEXT;
