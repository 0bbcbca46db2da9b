/**
 * The Photos section of the owners' dashboard (docs/photos.md "Uploading"): add a photo (scaled down
 * in the browser first, with progress), write its alt text and category, pick the cover, order,
 * delete. Every call goes through requireListingOwner on the server; this is only the form.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PHOTO_CATEGORIES, PHOTO_CATEGORY_LABELS, PHOTO_LIMITS, imageCdnUrl, type PhotoCategory } from '@/features/photos';
import { ALT_HINT, photoAltSchema, type ownerPhotoSchema } from '@/features/photos/schemas';
import type { z } from '@/lib/zod';
import { apiCall as call } from '@/lib/apiClient';
import { Field } from './Field';

type OwnerPhoto = z.infer<typeof ownerPhotoSchema>;

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * A picture scaled so its long edge is at most PHOTO_LIMITS.browserMaxEdge, as a JPEG: a phone's
 * 12-megapixel photo becomes a body well under the function's limit. Pictures already small enough
 * are sent as they are; the server checks and cleans either way.
 */
export async function scaleForUpload(file: File): Promise<Blob> {
  const max = PHOTO_LIMITS.browserMaxEdge;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // Not something the browser can draw: the server says what is wrong with it.
  }
  const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= PHOTO_LIMITS.maxUploadBytes * 0.8) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', 0.88));
}

/** Sends the upload with XMLHttpRequest, whose upload events give the progress bar its numbers. */
function send(providerId: string, body: FormData, onProgress: (fraction: number) => void): Promise<{ photo: OwnerPhoto; duplicate: boolean }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/providers/${encodeURIComponent(providerId)}/photos`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const data = xhr.response as { error?: string; photo?: OwnerPhoto; duplicate?: boolean } | null;
      if (xhr.status === 200 || xhr.status === 201) resolve({ photo: { ...data!.photo!, hidden: false }, duplicate: Boolean(data!.duplicate) });
      else reject(new Error(data?.error ?? `The upload failed (${xhr.status}). Please try again.`));
    };
    xhr.onerror = () => reject(new Error('Glow could not be reached. Check your connection and try again.'));
    xhr.send(body);
  });
}

const thumb = (photo: OwnerPhoto) => imageCdnUrl(photo.url, { w: 240, h: 180, fit: 'cover', fm: 'webp' });

export default function PhotoManager({ providerId }: { providerId: string }) {
  const id = useId();
  const [photos, setPhotos] = useState<OwnerPhoto[] | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [category, setCategory] = useState<PhotoCategory>('work');
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [altError, setAltError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const base = `/api/providers/${encodeURIComponent(providerId)}`;

  useEffect(() => {
    call<OwnerPhoto[]>('GET', `${base}/photo-order`)
      .then(setPhotos)
      .catch((e: Error) => setMessage({ kind: 'error', text: e.message }));
  }, [base]);

  const full = (photos?.length ?? 0) >= PHOTO_LIMITS.perListing;

  async function upload(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const altCheck = photoAltSchema.safeParse(alt);
    setAltError(altCheck.success ? null : (altCheck.error.issues[0]?.message ?? null));
    if (!file) return setMessage({ kind: 'error', text: 'Please choose a photo to upload.' });
    if (!altCheck.success) return;
    setProgress(0);
    try {
      const body = new FormData();
      body.set('alt', altCheck.data);
      body.set('category', category);
      const scaled = await scaleForUpload(file);
      body.set('file', scaled, file.name);
      const { photo, duplicate } = await send(providerId, body, setProgress);
      setPhotos((list) => (duplicate ? list : [...(list ?? []), photo]));
      setMessage({ kind: 'ok', text: duplicate ? 'This photo is already on your listing.' : 'Photo added. It is on your page now.' });
      setFile(null);
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    } finally {
      setProgress(null);
    }
  }

  async function act(work: () => Promise<void>, done: string) {
    setMessage(null);
    try {
      await work();
      setMessage({ kind: 'ok', text: done });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    }
  }

  const makeCover = (photo: OwnerPhoto) =>
    act(async () => {
      await call('PUT', `${base}/photos/${photo.id}`, { isCover: true });
      setPhotos((list) => list!.map((p) => ({ ...p, isCover: p.id === photo.id })));
    }, 'Cover changed.');

  const saveAlt = (photo: OwnerPhoto, text: string) =>
    act(async () => {
      const saved = await call<OwnerPhoto>('PUT', `${base}/photos/${photo.id}`, { alt: text });
      setPhotos((list) => list!.map((p) => (p.id === photo.id ? saved : p)));
    }, 'Alt text saved.');

  const move = (index: number, by: -1 | 1) =>
    act(async () => {
      const ids = photos!.map((p) => p.id);
      [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
      setPhotos(await call<OwnerPhoto[]>('PUT', `${base}/photo-order`, { ids }));
    }, 'Order saved.');

  const remove = (photo: OwnerPhoto) => {
    if (!window.confirm('Delete this photo from your listing? This cannot be undone.')) return;
    void act(async () => {
      await call('DELETE', `${base}/photos/${photo.id}`);
      setPhotos(await call<OwnerPhoto[]>('GET', `${base}/photo-order`));
    }, 'Photo deleted.');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6 rounded-2xl border border-gray-200 p-5">
      <div>
        <h3 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          Photos
        </h3>
        <p className="mt-1 text-gray-700">
          {photos ? `${photos.length} of ${PHOTO_LIMITS.perListing} photos.` : 'Loading your photos…'} JPEG, PNG, WebP or AVIF; large photos are scaled down
          before they are sent. Location and camera details are removed.
        </p>
      </div>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'field-error' : 'text-sm text-green-800'}>
          {message.text}
        </p>
      )}
      <form onSubmit={upload} noValidate className="space-y-4 rounded-2xl border border-gray-200 p-4">
        <div>
          <label htmlFor={`${id}-file`} className="field-label">
            Photo *
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            disabled={full || progress !== null}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="mt-1 block text-sm"
          />
          {full && <p className="field-error">Your listing has {PHOTO_LIMITS.perListing} photos, the most it can have. Delete one to add another.</p>}
        </div>
        <Field id={`${id}-alt`} label="Alt text *" hint={ALT_HINT} hintClassName="mt-1 text-sm text-gray-600" error={altError ?? undefined}>
          {(control) => <input {...control} type="text" value={alt} maxLength={PHOTO_LIMITS.altMax} onChange={(e) => setAlt(e.target.value)} />}
        </Field>
        <div>
          <label htmlFor={`${id}-category`} className="field-label">
            What it shows
          </label>
          <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value as PhotoCategory)} className="field-input">
            {PHOTO_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {PHOTO_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        {progress !== null && (
          <progress className="w-full" max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        )}
        <button type="submit" className="btn-primary" disabled={full || progress !== null}>
          {progress !== null ? `Uploading… ${Math.round(progress * 100)}%` : 'Add photo'}
        </button>
      </form>
      {photos && photos.length > 0 && (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, i) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              first={i === 0}
              last={i === photos.length - 1}
              onCover={() => makeCover(photo)}
              onAlt={(text) => saveAlt(photo, text)}
              onUp={() => move(i, -1)}
              onDown={() => move(i, 1)}
              onDelete={() => remove(photo)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function PhotoItem(props: {
  photo: OwnerPhoto;
  first: boolean;
  last: boolean;
  onCover: () => void;
  onAlt: (text: string) => void;
  onUp: () => void;
  onDown: () => void;
  onDelete: () => void;
}) {
  const { photo } = props;
  const id = useId();
  const [alt, setAlt] = useState(photo.alt);
  return (
    <li className="space-y-2 rounded-2xl border border-gray-200 p-3" data-photo={photo.id}>
      <img src={thumb(photo)} alt={photo.alt} width={240} height={180} loading="lazy" className="aspect-[4/3] w-full rounded-xl object-cover" />
      <p className="flex flex-wrap gap-2 text-sm">
        {photo.isCover && <span className="badge bg-brand-50 text-brand-800">Cover</span>}
        {photo.hidden && <span className="badge bg-gray-100 text-gray-800">Hidden by a moderator</span>}
        <span className="text-gray-600">{PHOTO_CATEGORY_LABELS[photo.category]}</span>
      </p>
      <label htmlFor={`${id}-alt`} className="field-label">
        Alt text
      </label>
      <input id={`${id}-alt`} type="text" value={alt} maxLength={PHOTO_LIMITS.altMax} onChange={(e) => setAlt(e.target.value)} className="field-input" />
      <div className="flex flex-wrap gap-2">
        {alt !== photo.alt && (
          <button type="button" className="btn-secondary" onClick={() => props.onAlt(alt)}>
            Save alt text
          </button>
        )}
        {!photo.isCover && (
          <button type="button" className="btn-secondary" onClick={props.onCover}>
            Make cover
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={props.onUp} disabled={props.first} aria-label={`Move "${photo.alt}" earlier`}>
          ↑
        </button>
        <button type="button" className="btn-secondary" onClick={props.onDown} disabled={props.last} aria-label={`Move "${photo.alt}" later`}>
          ↓
        </button>
        <button type="button" className="btn-secondary text-red-700" onClick={props.onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}
