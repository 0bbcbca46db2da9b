/** Example values of the OpenAPI document; tests/api/openapi.test.ts checks each against its schema. */
import type { Photo, PhotoReport } from '../features/photos/schemas';
import { LIMITS } from '../config';
import { z } from '../lib/zod';
import type { Provider } from '../features/providers/schemas';
import type { Review } from '../features/reviews/schemas';
import type { ReviewSummary } from '../features/reviews/schemas';
import type { ReportCreate } from '../features/reports/schemas';
import type { Report } from '../features/reviews/schemas';

/** A week of hours as a listing stores them. */
export const exampleOpeningHours = {
  monday: '9:00 AM - 6:00 PM',
  tuesday: '9:00 AM - 6:00 PM',
  wednesday: '9:00 AM - 6:00 PM',
  thursday: '9:00 AM - 6:00 PM',
  friday: '9:00 AM - 6:00 PM',
  saturday: '9:00 AM - 5:00 PM',
  sunday: 'Closed',
};
const openingHours = JSON.stringify(exampleOpeningHours);
/** A listing's facets (schema Facets): walk-ins and appointments, step-free, English and Vietnamese, cards and contactless. */
export const exampleFacets = {
  walkIns: ['both'],
  access: ['stepFree'],
  languages: ['en', 'vi'],
  payments: ['cards', 'contactless'],
  kids: [],
  parking: ['street'],
  identity: [],
};

const services = JSON.stringify(['Manicure', 'Pedicure', 'Gel Nails']);

export const exampleProvider: Provider = {
  id: '3f1c2a9e-5b7d-5c1a-a2e4-9d8b7c6a5f40',
  name: 'Lacquer & Lace Nail Studio',
  slug: 'lacquer-lace-nail-studio-new-york',
  description: 'Lacquer & Lace Nail Studio offers professional beauty services in New York, NY, including Manicure, Pedicure, Gel Nails.',
  address: '118 Mercer Street',
  city: 'New York',
  state: 'NY',
  zipCode: '10012',
  phone: '(212) 555-0142',
  email: 'hello@lacquerlace.example.com',
  website: 'https://lacquerlace.example.com',
  services,
  isPromoted: true,
  isOpen: true,
  priceRange: '$$',
  openingHours,
  imageUrl: '/images/providers/nails-1.webp',
  rating: '4.8',
  reviewCount: 3,
  menu: JSON.stringify([
    { name: 'Classic Manicure', priceFrom: 30, priceTo: 30, durationMinutes: 30 },
    { name: 'Gel Manicure', priceFrom: 50, priceTo: 50, durationMinutes: 45 },
    { name: 'Acrylic Full Set', priceFrom: 70, priceTo: 105, durationMinutes: 75 },
    { name: 'Nail Art', priceFrom: 15, durationMinutes: 15 },
  ]),
  latitude: 40.7255,
  longitude: -73.9983,
  timeZone: 'America/New_York',
  status: 'open',
  closedUntil: null,
  facets: exampleFacets,
  source: null,
};

/** POST /api/providers as the List Your Business form sends it. */
export const exampleProviderCreate = {
  name: 'Velvet Fern Beauty Bar',
  slug: 'velvet-fern-beauty-bar',
  description: 'Velvet Fern Beauty Bar offers professional beauty services in Boise, ID, including Manicure, Facial.',
  address: '12 Garden Row',
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
  phone: '(208) 555-0133',
  email: 'hello@velvetfern.example.com',
  website: null,
  services: JSON.stringify(['Manicure', 'Facial']),
  isPromoted: false,
  isOpen: true,
};

export const exampleReview: Review = {
  id: '8c0e4b7a-2f1d-4e9a-b3c5-6d7e8f9a0b1c',
  providerId: exampleProvider.id,
  customerName: 'Maya R.',
  rating: 5,
  comment: 'Flawless gel manicure and very friendly staff.',
  createdAt: '2025-05-14T16:20:00.000Z',
  reply: {
    id: '3f6a1d2e-9b8c-4a7d-8e6f-1a2b3c4d5e6f',
    body: 'Thank you, Maya! Tasha will be glad to hear it. See you at your next fill.',
    businessName: exampleProvider.name,
    createdAt: '2025-05-15T09:00:00.000Z',
    updatedAt: '2025-05-15T09:00:00.000Z',
  },
};

/** GET /api/providers/{id}/reviews/summary of the example provider. */
export const exampleReviewSummary: ReviewSummary = { average: 4.7, count: 3, counts: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 } };

/** POST /api/reviews/{id}/reports as the Report dialog sends it, and the stored report. */
export const exampleReportCreate: ReportCreate = { reason: 'conflict_of_interest', details: 'The reviewer is the owner of the salon across the street.' };
export const exampleReport: Report = {
  id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  reviewId: exampleReview.id,
  ...exampleReportCreate,
  createdAt: '2025-05-20T09:12:00.000Z',
};

/** POST /api/reviews as the Write a Review form sends it. */
export const exampleReviewCreate = {
  providerId: exampleProvider.id,
  customerName: exampleReview.customerName,
  rating: exampleReview.rating,
  comment: exampleReview.comment,
};

export const exampleErrors = {
  400: {
    error: 'Please select a rating. Comment must be less than 500 characters',
    issues: [
      { path: 'rating', message: 'Please select a rating' },
      { path: 'comment', message: 'Comment must be less than 500 characters' },
    ],
  },
  401: { error: 'Sign in with a code sent to your business email to do this.', issues: [] },
  403: { error: 'This listing is managed by another account.', issues: [] },
  404: { error: 'Provider not found', issues: [] },
  405: { error: 'Method DELETE is not allowed here; use GET, HEAD, OPTIONS', issues: [] },
  409: { error: 'Velvet Fern Beauty Bar is already listed at this address', issues: [] },
  413: { error: `Request body must be at most ${LIMITS.maxBodyBytes / 1024} KB`, issues: [] },
  415: { error: 'Request body must be JSON (Content-Type: application/json)', issues: [] },
  429: { error: 'Too many submissions from your network. Please wait a few minutes and try again.', issues: [] },
  503: { error: 'The directory is temporarily unavailable. Please try again shortly.', issues: [] },
};

/** A photo as GET /api/providers/{id}/photos answers it. */
export const examplePhoto: Photo = {
  id: '7b6a5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  providerId: exampleProvider.id,
  url: '/photos/3459e2b563bbfaaea19f2093ad498df62d3a9c94.webp',
  width: 1024,
  height: 768,
  alt: 'Pink gel manicure with gold flakes, finished at the front station',
  category: 'work',
  position: 0,
  isCover: true,
  createdAt: '2025-05-18T15:30:00.000Z',
};

/** A report of a photo as POST /api/photos/{id}/reports answers it. */
export const examplePhotoReport: PhotoReport = {
  id: '2e3d4c5b-6a7f-4b8c-9d0e-1f2a3b4c5d6e',
  photoId: examplePhoto.id,
  ...exampleReportCreate,
  createdAt: '2025-05-20T09:12:00.000Z',
};

/** A path's `{id}`, a provider's. */
export const providerIdParams = z.object({ id: z.string().check(z.describe('Provider id.')) });
/** The path parameters of a call on one provider (`{id}`) and their example: spread into its entry. */
export const providerPath = { pathParams: providerIdParams, paramExamples: { id: exampleProvider.id } };
