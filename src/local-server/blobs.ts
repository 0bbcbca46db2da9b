/**
 * Netlify Blobs outside Netlify: @netlify/blobs' own local server (the one `netlify dev` runs), on
 * a free port with files under `directory`. Its address and token go into NETLIFY_BLOBS_CONTEXT,
 * where the Blobs client looks on Netlify too, so src/features/photos/blobStore.server.ts does not
 * know where it runs. Child processes (npm start's workers) inherit the variable.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { BlobsServer } from '@netlify/blobs/server';
import { env } from '../env.server';

export interface LocalBlobs {
  url: string;
  stop(): Promise<void>;
}

/** Starts the local Blobs server unless a Blobs context is already set (Netlify, `netlify dev`). */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs | null> {
  if (env().NETLIFY_BLOBS_CONTEXT) return null;
  mkdirSync(directory, { recursive: true });
  const token = randomUUID();
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const context = { edgeURL: url, uncachedEdgeURL: url, token, siteID: 'glow-local', primaryRegion: 'us-east-2' };
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  return {
    url,
    async stop() {
      delete process.env.NETLIFY_BLOBS_CONTEXT;
      await server.stop();
    },
  };
}
