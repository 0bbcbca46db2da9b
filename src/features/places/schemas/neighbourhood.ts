/** content/neighbourhoods.json: well-known parts of the cities with city pages, found as places (docs/search.md "Places"). */
import { z } from '../../../lib/zod';

export const neighbourhoodSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.describe('What people call it: "Wicker Park".')),
  city: z.string().check(z.trim(), z.minLength(1), z.describe('The city it is part of, as providers list it: "Chicago".')),
  state: z.string().check(z.regex(/^[A-Z]{2}$/), z.describe('The city’s two-letter state code.')),
  latitude: z.number().check(z.minimum(18), z.maximum(72), z.describe('Its centre, decimal degrees north.')),
  longitude: z.number().check(z.minimum(-180), z.maximum(-65), z.describe('Its centre, decimal degrees (negative: west).')),
});

export const neighbourhoodsSchema = z.array(neighbourhoodSchema);
