/**
 * An upload's multipart body read into its parts (docs/photos.md "Uploading"): the picture's bytes
 * and the form fields, each refused with the API's 400 or 413 before anything is stored.
 */
import { HttpError, parseWith, readBodyBytes } from '../../server/http';
import { PHOTO_LIMITS } from './photoRules';
import { photoUploadSchema, type PhotoUpload } from './schemas/photo';

export const BODY_TOO_LARGE = `This photo is too large to send: uploads can be at most ${PHOTO_LIMITS.maxUploadBytes / 1_000_000} MB. The uploader scales photos down before sending; try again from the dashboard or send a smaller copy.`;

export async function readPhotoUpload(req: Request): Promise<{ bytes: Uint8Array; fields: PhotoUpload }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type.trim())) {
    throw new HttpError(415, 'Send the photo as multipart/form-data with a `file` part, `alt` and `category`.');
  }
  const body = await readBodyBytes(req, PHOTO_LIMITS.maxUploadBytes, BODY_TOO_LARGE);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The upload could not be read. Please choose the photo again.');
  }
  const fields = parseWith(photoUploadSchema, {
    alt: typeof form.get('alt') === 'string' ? form.get('alt') : undefined,
    category: typeof form.get('category') === 'string' && form.get('category') !== '' ? form.get('category') : undefined,
  });
  const file = form.get('file');
  if (!file || typeof file === 'string')
    throw new HttpError(400, 'Please choose a photo to upload.', [{ path: 'file', message: 'Please choose a photo to upload.' }]);
  return { bytes: new Uint8Array(await file.arrayBuffer()), fields };
}
