/**
 * Reads Overture places from a file as published (docs/imports.md "The format"), one record at a
 * time, so memory stays bounded whatever the file's size:
 * - GeoParquet (`.parquet`): one row group at a time through hyparquet (pure JavaScript, with the
 *   ZSTD/Snappy decoders of hyparquet-compressors), only the columns the mapping reads;
 * - GeoJSON (`.geojson`, `.json`): a FeatureCollection streamed feature by feature (stream-json);
 * - GeoJSON sequences (`.geojsonl`, `.geojsonseq`, `.ndjson`, `.jsonl`): one feature a line.
 * Parquet rows are brought to the GeoJSON form (properties under `properties`, nulls dropped), so
 * one schema (schemas/overturePlace.ts) reads all three.
 */
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';

export type PlaceFormat = 'parquet' | 'geojson' | 'geojsonseq';

/** The columns (GeoParquet) or properties the importer reads. */
export const PLACE_COLUMNS = [
  'id',
  'geometry',
  'names',
  'categories',
  'basic_category',
  'confidence',
  'websites',
  'emails',
  'phones',
  'addresses',
  'operating_status',
  'sources',
  'version',
] as const;

export function formatOf(file: string): PlaceFormat {
  if (/\.(geo)?parquet$/i.test(file)) return 'parquet';
  if (/\.(geojsonl|geojsonseq|ndjson|jsonl)$/i.test(file)) return 'geojsonseq';
  if (/\.(geo)?json$/i.test(file)) return 'geojson';
  throw new Error(`Cannot tell the format of ${file}: name it .parquet, .geojson or .geojsonseq/.ndjson`);
}

/** How far a reader is, for the progress bar: rows known up front for parquet, bytes otherwise. */
export interface ReadProgress {
  unit: 'rows' | 'bytes';
  total: number;
  done: () => number;
  /** Records read so far (for rows per second whatever the unit). */
  rows: () => number;
}

export interface PlaceReader {
  format: PlaceFormat;
  progress: ReadProgress;
  records: AsyncGenerator<unknown>;
}

export async function openPlaces(file: string): Promise<PlaceReader> {
  const format = formatOf(file);
  if (format === 'parquet') return openParquet(file);
  let bytes = 0;
  let rows = 0;
  const progress: ReadProgress = { unit: 'bytes', total: statSync(file).size, done: () => bytes, rows: () => rows };
  // The file is opened when the first record is asked for: a stream read before then would flow
  // past a reader not yet listening.
  async function* records() {
    const input = createReadStream(file);
    input.on('data', (chunk) => {
      bytes += chunk.length;
    });
    for await (const record of format === 'geojson' ? featureCollection(input) : featureLines(input)) {
      rows++;
      yield record;
    }
  }
  return { format, progress, records: records() };
}

async function* featureCollection(input: NodeJS.ReadableStream): AsyncGenerator<unknown> {
  const features = input.pipe(pick.withParserAsStream({ filter: 'features' })).pipe(streamArray.asStream());
  for await (const item of features) yield (item as { value: unknown }).value;
}

const RECORD_SEPARATOR = String.fromCharCode(0x1e);

async function* featureLines(input: NodeJS.ReadableStream): AsyncGenerator<unknown> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const raw of lines) {
    // RFC 8142 GeoJSON text sequences start each record with a record separator.
    const line = (raw.startsWith(RECORD_SEPARATOR) ? raw.slice(1) : raw).trim();
    if (line) yield JSON.parse(line);
  }
}

async function openParquet(file: string): Promise<PlaceReader> {
  const buffer = await asyncBufferFromFile(file);
  const metadata = await parquetMetadataAsync(buffer);
  const names = new Set(metadata.schema.slice(1).map((s) => s.name));
  const columns = PLACE_COLUMNS.filter((c) => names.has(c));
  let rows = 0;
  async function* records(): AsyncGenerator<unknown> {
    let rowStart = 0;
    for (const group of metadata.row_groups) {
      const rowEnd = rowStart + Number(group.num_rows);
      const objects = await parquetReadObjects({ file: buffer, metadata, columns: [...columns], rowStart, rowEnd, compressors });
      for (const row of objects) {
        rows++;
        yield fromParquetRow(row);
      }
      rowStart = rowEnd;
    }
  }
  return { format: 'parquet', progress: { unit: 'rows', total: Number(metadata.num_rows), done: () => rows, rows: () => rows }, records: records() };
}

/** A parquet row in the GeoJSON form: id and geometry at the top, the rest under `properties`, no nulls. */
export function fromParquetRow(row: Record<string, unknown>): unknown {
  const { id, geometry, ...rest } = row;
  return { type: 'Feature', id, geometry: pointOf(geometry), properties: withoutNulls(rest) };
}

function withoutNulls(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const kept = withoutNulls(v);
      if (kept !== undefined) out[k] = kept;
    }
    return out;
  }
  return value;
}

/**
 * The GeoJSON point of a geometry column: hyparquet decodes a GeoParquet WKB column itself when
 * the file's `geo` metadata names it; a plain WKB point (21 bytes) is read here.
 */
export function pointOf(geometry: unknown): unknown {
  if (geometry instanceof Uint8Array && geometry.length >= 21) {
    const view = new DataView(geometry.buffer, geometry.byteOffset, geometry.byteLength);
    const little = view.getUint8(0) === 1;
    const type = view.getUint32(1, little) % 1000;
    if (type !== 1) return null;
    return { type: 'Point', coordinates: [view.getFloat64(5, little), view.getFloat64(13, little)] };
  }
  return geometry;
}
