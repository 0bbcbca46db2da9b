/**
 * An Overture Maps place as the importer reads it (docs/imports.md "The format"): the fields of
 * OvertureMaps/schema's `schema/places/place.yaml` that Glow uses, in the GeoJSON form (a Feature
 * whose `properties` hold the record). GeoParquet rows are brought to this shape first
 * (src/features/imports/readPlaces.server.ts): there every property is a top-level column and
 * absent values are nulls, which this schema reads as absent.
 */
import { z } from '../../../lib/zod';

/** A list the parquet form may give as null. */
const list = <T extends z.core.$ZodType>(item: T, description: string) => z.nullish(z.array(item)).check(z.describe(description));
const text = (description: string) => z.nullish(z.string()).check(z.describe(description));

export const overtureSourceSchema = z.object({
  property: text('JSON Pointer of the property this source gave; empty for the whole place.'),
  dataset: text('Dataset the value came from (meta, Microsoft, Foursquare, AllThePlaces, OpenStreetMap, ...).'),
  license: text('SPDX id of the licence of that dataset, when the release says it.'),
  record_id: text("The place's id in that dataset."),
  confidence: z.nullish(z.number()).check(z.describe("That dataset's confidence, 0..1.")),
});
export type OvertureSource = z.output<typeof overtureSourceSchema>;

export const overtureAddressSchema = z.object({
  freeform: text('Street address: house number and street.'),
  locality: text('City or town.'),
  postcode: text('Postal code; ZIP or ZIP+4 in the US.'),
  region: text('ISO 3166-2 subdivision, "US-TX".'),
  country: text('ISO 3166-1 alpha-2 country, "US".'),
});

export const overturePlaceSchema = z.object({
  id: z.string().check(z.minLength(1), z.describe('The GERS id of the place, stable across releases.')),
  geometry: z
    .object({
      type: z.literal('Point').check(z.describe('Always a Point for a place.')),
      coordinates: z.tuple([z.number(), z.number()]).check(z.describe('Longitude, latitude (WGS 84).')),
    })
    .check(z.describe("The place's point.")),
  properties: z
    .object({
      names: z.nullish(z.object({ primary: z.string().check(z.describe('The name most people use.')) })).check(z.describe('Names of the place.')),
      categories: z
        .nullish(
          z.object({
            primary: text('Main category (overture_categories.csv).'),
            alternate: list(z.string(), 'Further categories.'),
          }),
        )
        .check(z.describe('Categories of the place.')),
      basic_category: text('Simplified category, used when `categories` is absent.'),
      confidence: z.nullish(z.number()).check(z.describe('Confidence that the place exists, 0..1.')),
      websites: list(z.string(), 'Websites.'),
      emails: list(z.string(), 'Email addresses.'),
      phones: list(z.string(), 'Phone numbers, as the source wrote them.'),
      addresses: list(overtureAddressSchema, 'Addresses; the first in the US is used.'),
      operating_status: z.nullish(z.enum(['open', 'permanently_closed', 'temporarily_closed'])).check(z.describe('Whether it operates (not opening hours).')),
      sources: list(overtureSourceSchema, 'Where each property came from.'),
      version: z.nullish(z.number()).check(z.describe('Incremented in each release where the place changed.')),
    })
    .check(z.describe('The record.')),
});
export type OverturePlace = z.output<typeof overturePlaceSchema>;
